import { zodResolver } from '@hookform/resolvers/zod';
import { forcedChangeFormSchema } from '@portal/contracts/auth';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { isUnauthorized } from '@/lib/handle-server-error';
import { usePasswordPolicyErrors } from '@/lib/password-requirements';
import { setLoggedIn, setToken } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import type { FinishSignIn } from '../lib/login-flow';
import { NewPasswordFields } from './new-password-fields';

type ForcedChangeForm = z.infer<typeof forcedChangeFormSchema>;

type ForcedChangeDialogProps = {
  /** The password typed at sign-in: the server checks it as oldPassword. */
  oldPassword: string;
  finishSignIn: FinishSignIn;
  onCancel: () => void;
};

/** Spec section 2, 'Change your password to login': the first sign-in sets a password of one's own. */
export function ForcedChangeDialog({ oldPassword, finishSignIn, onCancel }: ForcedChangeDialogProps) {
  const changePassword = useChangePassword();
  const form = useForm<ForcedChangeForm>({
    resolver: zodResolver(forcedChangeFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const policyErrors = usePasswordPolicyErrors(useWatch({ control: form.control, name: 'newPassword' }));

  const submit = form.handleSubmit(async (values) => {
    // The rules broken are listed under the fields; the server would refuse the same.
    if (policyErrors.length > 0) return form.setFocus('newPassword');
    try {
      const { data } = await changePassword.mutateAsync({ oldPassword, ...values });
      setToken(data.token);
      setLoggedIn(true);
      await finishSignIn('/intro');
    } catch (error) {
      if (isUnauthorized(error)) onCancel();
      else applyServerFieldErrors(error, form.setError, ['newPassword', 'confirmPassword']);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change your password to login</DialogTitle>
          <DialogDescription>You are required to change your password on first login.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          <NewPasswordFields
            newPassword={form.register('newPassword')}
            confirmPassword={form.register('confirmPassword')}
            errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
            policyErrors={policyErrors}
          />
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting && <Spinner />}
            Reset Password and Login
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
