import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { MSG } from '@portal/contracts/messages';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordPolicyErrors } from '@/components/password-policy-errors';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePasswordPolicyErrors } from '@/lib/password-requirements';
import { useSetChildPassword } from '../api/set-child-password';
import { ResetFactorsSection } from './reset-factors-section';

type Mode = 'generated' | 'manual';
type Values = { mode: Mode; newPassword: string; confirmPassword: string };
const DEFAULTS: Values = { mode: 'generated', newPassword: '', confirmPassword: '' };

/**
 * docs/product.md, "Password reset (admin)": a system password mailed to the account, or one
 * typed here. A typed one is checked live against the policy and must be confirmed; submit stays
 * blocked while it breaks a rule or the two differ. Switching to generated clears the typed one.
 */
export function ResetPasswordTab({ account }: { account: ChildAccount }) {
  const id = useId();
  const reset = useSetChildPassword();
  const form = useForm<Values>({ defaultValues: DEFAULTS });
  const [mode, newPassword, confirmPassword] = useWatch({
    control: form.control,
    name: ['mode', 'newPassword', 'confirmPassword'],
  });
  const manual = mode === 'manual';
  const policyErrors = usePasswordPolicyErrors(manual ? newPassword : '');
  const mismatch = manual && confirmPassword !== '' && newPassword !== confirmPassword;
  const blocked = manual && (newPassword === '' || policyErrors.length > 0 || newPassword !== confirmPassword);
  const { errors } = form.formState;

  function changeMode(next: Mode) {
    if (next === 'generated') {
      form.resetField('newPassword');
      form.resetField('confirmPassword');
      form.clearErrors();
    }
    form.setValue('mode', next);
  }

  const submit = form.handleSubmit(async (values) => {
    if (blocked) return;
    try {
      await reset.mutateAsync({
        childId: account.id,
        generateSystemPassword: !manual,
        // The server requires a change at first sign-in for any password set by someone else.
        forcePasswordChangeOnLogin: true,
        ...(manual ? { newPassword: values.newPassword } : {}),
      });
      form.reset({ ...DEFAULTS, mode: values.mode });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['newPassword']);
    }
  });

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <RadioGroup value={mode} onValueChange={(value) => changeMode(value as Mode)} aria-label={t`Password`}>
          <div className="flex items-start gap-3">
            <RadioGroupItem value="generated" id={`${id}-generated`} className="mt-0.5" />
            <Label htmlFor={`${id}-generated`} className="grid gap-1 font-normal">
              <span className="font-medium">{t`Generate a system password`}</span>
              <span className="text-muted-foreground">{t`It is emailed to ${account.email}.`}</span>
            </Label>
          </div>
          <div className="flex items-start gap-3">
            <RadioGroupItem value="manual" id={`${id}-manual`} className="mt-0.5" />
            <Label htmlFor={`${id}-manual`} className="font-medium">
              {t`Set a password manually`}
            </Label>
          </div>
        </RadioGroup>

        {manual && (
          <div className="grid gap-4 rounded-md border p-4">
            <FormField label={t`New Password`} error={errors.newPassword?.message}>
              <PasswordInput
                autoComplete="new-password"
                aria-errormessage={policyErrors.length > 0 ? `${id}-policy` : undefined}
                {...form.register('newPassword')}
              />
            </FormField>
            <FormField label={t`Confirm Password`} error={mismatch ? MSG.resetMismatch : undefined}>
              <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
            <PasswordPolicyErrors id={`${id}-policy`} errors={policyErrors} />
          </div>
        )}

        <ForceChangeNote id={`${id}-force`} />

        <div className="flex justify-end">
          <SubmitButton disabled={blocked} busy={reset.isPending} busyText={t`Resetting...`}>
            {t`Reset Password`}
          </SubmitButton>
        </div>
      </form>
      <ResetFactorsSection account={account} />
    </div>
  );
}

/** The always-on "Force password change on next login", and why it cannot be turned off. */
function ForceChangeNote({ id }: { id: string }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <Checkbox id={id} checked disabled aria-describedby={`${id}-hint`} />
        <Label htmlFor={id} className="font-normal">
          {t`Force password change on next login`}
        </Label>
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {t`Always on: a password you set must be changed at first sign-in and stops working after 72 hours unused.`}
      </p>
    </div>
  );
}
