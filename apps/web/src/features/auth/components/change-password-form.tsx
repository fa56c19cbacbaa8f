import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@portal/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePasswordPolicyErrors } from '@/lib/password-requirements';
import { getToken, setToken } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { getMeQueryOptions, keepMeForToken } from '../api/get-me';
import { NewPasswordFields } from './new-password-fields';

const EMPTY: ChangePasswordRequest = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * `/settings/change-password`: the server ends every other session of the account and answers a
 * new token for this one; its message is the success toast (global handler).
 */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const changePassword = useChangePassword({ fields: ['oldPassword', 'newPassword', 'confirmPassword'] });
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const policyErrors = usePasswordPolicyErrors(useWatch({ control: form.control, name: 'newPassword' }));

  const submit = form.handleSubmit(async (values) => {
    if (policyErrors.length > 0) return form.setFocus('newPassword');
    try {
      const { data } = await changePassword.mutateAsync(values);
      // Same user, new token: carry the cached user over so the page does not reload it.
      const user = queryClient.getQueryData(getMeQueryOptions(getToken()).queryKey);
      if (user) keepMeForToken(queryClient, data.token, user);
      setToken(data.token);
      form.reset(EMPTY);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['oldPassword', 'newPassword', 'confirmPassword']);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <FormField label="Old Password" error={errors.oldPassword?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('oldPassword')} />
      </FormField>
      <NewPasswordFields
        newPassword={form.register('newPassword')}
        confirmPassword={form.register('confirmPassword')}
        errors={{ newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message }}
        policyErrors={policyErrors}
      />
      <SubmitButton className="justify-self-start" busy={isSubmitting}>
        Change Password
      </SubmitButton>
    </form>
  );
}
