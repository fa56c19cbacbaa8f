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
import { dismissThanksPopup, type EmailValidationOutcome } from '../lib/email-validation';

const TEXTS: Record<EmailValidationOutcome, { title: string; description: string }> = {
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

/** Spec section 2: where the emailed validation link lands (`/?p=confirm` or `/?p=confirm-invalid`). */
export function EmailValidationDialog({ outcome }: { outcome: EmailValidationOutcome }) {
  const [open, setOpen] = useState(true);
  const { title, description } = TEXTS[outcome];

  function close() {
    // Once closed, the thank-you does not show again on this device.
    if (outcome === 'confirm') dismissThanksPopup();
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-md" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={close}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
