import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { type TotpSetup, totpCodeRequestSchema, totpRemoveRequestSchema } from '@portal/contracts/mfa';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SecretField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { QrCode } from './qr-code';

type CodeForm = z.input<typeof totpCodeRequestSchema>;

/**
 * A current code of the app (or, to remove it, a recovery code), as the server's rules check it;
 * a wrong one lands on the field.
 */
export function CodeForm({
  submitText,
  busyText,
  onCode,
  onCancel,
  recoveryToo = false,
}: {
  submitText: string;
  busyText: string;
  onCode: (code: string) => Promise<unknown>;
  onCancel?: () => void;
  recoveryToo?: boolean;
}) {
  const form = useForm<CodeForm>({
    resolver: zodResolver(recoveryToo ? totpRemoveRequestSchema : totpCodeRequestSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['code']);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormField
        label={recoveryToo ? t`Code from your app, or a recovery code` : t`Code from your app`}
        error={errors.code?.message}
        description={t`6 digits, a new one every 30 seconds.`}
      >
        <Input
          {...form.register('code')}
          inputMode={recoveryToo ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={recoveryToo ? 32 : 7}
          className="max-w-40 font-mono tracking-widest"
          autoFocus
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} busyText={busyText}>
          {submitText}
        </SubmitButton>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            {t`Cancel`}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The set-up's two steps: scan the QR code (or type the key), then enter the app's first code. */
export function TotpSetupSteps({
  setup,
  onCancel,
  onCode,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onCode: (code: string) => Promise<unknown>;
}) {
  return (
    <ol className="grid list-decimal gap-6 pl-5 text-sm">
      <li className="grid gap-3">
        <span>
          {t`Scan this QR code with your authenticator app (Microsoft Authenticator, Google Authenticator, 1Password and others).`}
        </span>
        <QrCode value={setup.otpauthUrl} label={t`QR code of your authenticator app's key`} />
        <SecretField
          label={t`Or type this key`}
          value={setup.secret}
          copyText={t`Copy`}
          copiedText={t`Copied`}
          copyFailedText={t`The key could not be copied: select it and copy it yourself.`}
        />
      </li>
      <li className="grid gap-3">
        <span>{t`Enter the code your app now shows.`}</span>
        <CodeForm submitText={t`Turn on`} busyText={t`Checking...`} onCancel={onCancel} onCode={onCode} />
      </li>
    </ol>
  );
}
