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
};

/** 'New Password' and 'Confirm Password' with the live policy check: every screen that sets one. */
export function NewPasswordFields({ newPassword, confirmPassword, errors, policyErrors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField label="New Password" error={errors.newPassword}>
        <PasswordInput autoComplete="new-password" {...newPassword} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...confirmPassword} />
      </FormField>
      <PasswordPolicyErrors errors={policyErrors} />
    </>
  );
}
