import { t } from '@lingui/core/macro';
import type { Webhook } from '@portal/contracts/webhooks';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRotateWebhookSecret } from '../api/create-webhook';
import { SigningSecret } from './signing-secret';

type RotateSecretDialogProps = {
  /** The endpoint; it stays set while the dialog closes, so its address does not vanish mid-animation. */
  webhook: Webhook | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Rotate secret": asks first (the previous secret keeps signing for 24 hours), then shows the new
 * secret once, like Add endpoint. The steps live inside the content, which leaves the page when
 * the dialog closes: the secret goes with it. A refusal comes as the toast and closes the dialog.
 */
export function RotateSecretDialog({ webhook, open, onOpenChange }: RotateSecretDialogProps) {
  return (
    <AlertDialog open={open && webhook !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent className="sm:max-w-xl">
        {webhook && <RotateSteps webhook={webhook} onDone={() => onOpenChange(false)} />}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function RotateSteps({ webhook, onDone }: { webhook: Webhook; onDone: () => void }) {
  const rotate = useRotateWebhookSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const { url } = webhook;
  const confirm = () => rotate.mutate(webhook.id, { onSuccess: ({ data }) => setSecret(data.secret), onError: onDone });

  if (secret !== null) {
    return (
      <>
        <AlertDialogHeader>
          <AlertDialogTitle>{t`New signing secret`}</AlertDialogTitle>
          <AlertDialogDescription>
            {t`Signing secret rotated. The previous one keeps signing alongside for 24 hours.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <SigningSecret secret={secret} />
        <AlertDialogFooter>
          <Button type="button" onClick={onDone}>
            {t`Done`}
          </Button>
        </AlertDialogFooter>
      </>
    );
  }
  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{t`Rotate the signing secret?`}</AlertDialogTitle>
        <AlertDialogDescription className="[overflow-wrap:anywhere]">
          {t`A new secret is made for ${url} and shown once. The previous secret keeps signing alongside it for 24 hours, so your endpoint can switch to the new one without missing an event.`}
        </AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel disabled={rotate.isPending}>{t`Cancel`}</AlertDialogCancel>
        <SubmitButton type="button" onClick={confirm} busy={rotate.isPending} busyText={t`Rotating...`}>
          {t`Rotate secret`}
        </SubmitButton>
      </AlertDialogFooter>
    </>
  );
}
