import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema } from '@portal/contracts/auth';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePasswordPolicyErrors } from '@/lib/password-requirements';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

type ResetPasswordForm = z.infer<typeof resetPasswordRequestSchema>;

type ResetPasswordFormProps = {
  /** From the emailed link (`/reset-password?token&email`). */
  token: string;
  email: string;
  onReset: () => void;
};

/** Spec section 2, `/reset-password`: a new password from the emailed link. */
export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, email, newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const policyErrors = usePasswordPolicyErrors(useWatch({ control: form.control, name: 'newPassword' }));

  const submit = form.handleSubmit(async (values) => {
    if (policyErrors.length > 0) return form.setFocus('newPassword');
    try {
      await resetPassword.mutateAsync(values);
      onReset();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['newPassword', 'confirmPassword']);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <NewPasswordFields
        newPassword={form.register('newPassword')}
        confirmPassword={form.register('confirmPassword')}
        errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        policyErrors={policyErrors}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting && <Spinner />}
        Reset Password
      </Button>
    </form>
  );
}

/** Whether the link's token and email can be sent at all (else the page offers a new link). */
export function isUsableResetLink(token: string | null, email: string | null): boolean {
  const { shape } = resetPasswordRequestSchema;
  return shape.token.safeParse(token).success && shape.email.safeParse(email).success;
}
