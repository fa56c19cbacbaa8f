import { zodResolver } from '@hookform/resolvers/zod';
import { forcedChangeFormSchema } from '@portal/contracts/auth';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { isUnauthorized } from '@/lib/handle-server-error';
import { useChangePassword } from '../api/change-password';
import { useNewPasswordForm } from '../hooks/use-new-password-form';
import { applySignedIn, type LoginOutcome } from '../lib/login-flow';
import { NewPasswordFields } from './new-password-fields';
import { PAGES } from '@portal/contracts/pages';

type ForcedChangeDialogProps = {
  /** The password typed at sign-in: the server checks it as oldPassword. */
  oldPassword: string;
  /** On to the landing page, or to the MFA policy's set-up when the answer asks for it. */
  proceed: (outcome: LoginOutcome, fallback: string) => Promise<void>;
  onCancel: () => void;
};

/** docs/product.md, 'Change your password to login': the first sign-in sets a password of one's own. */
export function ForcedChangeDialog({ oldPassword, proceed, onCancel }: ForcedChangeDialogProps) {
  const changePassword = useChangePassword({ fields: ['newPassword', 'confirmPassword'] });
  const { submit, fields, isSubmitting } = useNewPasswordForm({
    resolver: zodResolver(forcedChangeFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    send: async (values) => {
      const { data } = await changePassword.mutateAsync({ oldPassword, ...values });
      await proceed(applySignedIn(data), PAGES.intro);
    },
    // The pending sign-in has ended (too many tries, or it expired): back to the login form.
    onFailure: (error) => {
      if (isUnauthorized(error)) onCancel();
      return isUnauthorized(error);
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change your password to login</DialogTitle>
          <DialogDescription>You are required to change your password on first login.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          <NewPasswordFields {...fields} />
          <SubmitButton busy={isSubmitting}>Reset Password and Login</SubmitButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
