import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema } from '@portal/contracts/auth';
import { SubmitButton } from '@/components/ui/submit-button';
import { useResetPassword } from '../api/reset-password';
import { useNewPasswordForm } from '../hooks/use-new-password-form';
import { NewPasswordFields } from './new-password-fields';

type ResetPasswordFormProps = {
  /** From the emailed link (`/reset-password?token&email`). */
  token: string;
  email: string;
  onReset: () => void;
};

/** docs/product.md, `/reset-password`: a new password from the emailed link. */
export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const { submit, fields, isSubmitting } = useNewPasswordForm({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, email, newPassword: '', confirmPassword: '' },
    send: async (values) => {
      await resetPassword.mutateAsync(values);
      onReset();
    },
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <NewPasswordFields {...fields} labels={{ newPassword: t`New Password`, confirmPassword: t`Confirm Password` }} />
      <SubmitButton size="lg" busy={isSubmitting}>
        {t`Reset Password`}
      </SubmitButton>
    </form>
  );
}

/** Whether the link's token and email can be sent at all (else the page offers a new link). */
export function isUsableResetLink(token: string | null, email: string | null): boolean {
  const { shape } = resetPasswordRequestSchema;
  return shape.token.safeParse(token).success && shape.email.safeParse(email).success;
}
