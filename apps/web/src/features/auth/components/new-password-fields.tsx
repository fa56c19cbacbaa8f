import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordPolicyErrors } from '@/components/password-policy-errors';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';

type NewPasswordFieldsProps = {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
  /** The policy rules the new password breaks (usePasswordPolicyErrors), listed in red. */
  policyErrors: readonly string[];
  /** The fields' labels in the caller's words (the sign-in area's on /reset-password); English otherwise. */
  labels?: { newPassword: string; confirmPassword: string };
};

/** 'New Password' and 'Confirm Password' with the live policy check: every screen that sets one. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
  policyErrors,
  labels = { newPassword: 'New Password', confirmPassword: 'Confirm Password' },
}: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label={labels.newPassword} error={errors.newPassword}>
        <PasswordInput autoComplete="new-password" {...newPassword} />
      </FormField>
      <FormField label={labels.confirmPassword} error={errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...confirmPassword} />
      </FormField>
      <PasswordPolicyErrors errors={policyErrors} />
    </>
  );
}
