import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { confirmEmail } from '../api/confirm-email';
import { dismissThanksPopup, type EmailValidationOutcome } from '../lib/email-validation';

const TEXTS: Record<EmailValidationOutcome, { title: string; description: string }> = {
  'confirm-email': {
    title: 'Confirm Your Email Address',
    description:
      'Press Confirm Email to validate this address. Your login credentials and a link to download the migration software will then be sent to it.',
  },
  confirm: {
    title: 'Email Validation Done',
    description:
      'Thank you, your email address has been validated. Your login credentials and a link to download the migration software will be sent to your email shortly.',
  },
  'confirm-invalid': {
    title: 'Email Validation Failed',
    description:
      'This validation link is invalid or has expired. Please ask the person who created your account to send a new one.',
  },
};

/**
 * docs/product.md: where the emailed validation link lands. The link's token is spent only by the
 * button's POST, so a mail scanner that opens the link confirms nothing; the result then shows as
 * `/?p=confirm` or `/?p=confirm-invalid`.
 */
export function EmailValidationDialog({ outcome: initial, token }: { outcome: EmailValidationOutcome; token: string }) {
  const [open, setOpen] = useState(true);
  const [outcome, setOutcome] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const { title, description } = TEXTS[outcome];

  function close() {
    // Once closed, the thank-you does not show again on this device.
    if (outcome === 'confirm') dismissThanksPopup();
    setOpen(false);
  }

  async function confirm() {
    setConfirming(true);
    const next = await confirmEmail(token).then(
      () => 'confirm' as const,
      () => 'confirm-invalid' as const,
    );
    // The spent token leaves the address bar and the history.
    window.history.replaceState(window.history.state, '', `/?p=${next}`);
    setConfirming(false);
    setOutcome(next);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-md" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          {outcome === 'confirm-email' ? (
            <Button onClick={() => void confirm()} disabled={confirming}>
              Confirm Email
            </Button>
          ) : (
            <Button onClick={close}>Close</Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
