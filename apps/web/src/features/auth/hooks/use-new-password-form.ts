import { type DefaultValues, type Path, type PathValue, type Resolver, useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { usePasswordPolicyErrors } from '@/lib/password-requirements';

type NewPasswordValues = { newPassword: string; confirmPassword: string };

type NewPasswordFormOptions<TValues extends NewPasswordValues> = {
  /** The screen's contract schema: each says its own mismatch message (docs/product.md). */
  resolver: Resolver<TValues>;
  defaultValues: DefaultValues<TValues>;
  /** Sends the values; a rejection puts the server's field errors on the two fields. */
  send: (values: TValues) => Promise<void>;
  /** Takes a failure before the field errors do (e.g. a 401 ends a pending sign-in); true if handled. */
  onFailure?: (error: unknown) => boolean;
};

/**
 * New Password and Confirm Password with the live policy check, for every screen that sets a
 * password from scratch (the forced change at first sign-in, the emailed reset): the rules broken
 * are listed under the fields and block the request, as the server would refuse it.
 */
export function useNewPasswordForm<TValues extends NewPasswordValues>({
  resolver,
  defaultValues,
  send,
  onFailure,
}: NewPasswordFormOptions<TValues>) {
  const form = useForm<TValues>({ resolver, defaultValues });
  const newPassword = 'newPassword' as Path<TValues>;
  const confirmPassword = 'confirmPassword' as Path<TValues>;
  const password: PathValue<TValues, Path<TValues>> = useWatch({ control: form.control, name: newPassword });
  const policyErrors = usePasswordPolicyErrors(String(password ?? ''));
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (policyErrors.length > 0) return form.setFocus(newPassword);
    try {
      await send(values);
    } catch (error) {
      if (!onFailure?.(error)) applyServerFieldErrors(error, form.setError, [newPassword, confirmPassword]);
    }
  });

  /** Props for <NewPasswordFields>. */
  const fields = {
    newPassword: form.register(newPassword),
    confirmPassword: form.register(confirmPassword),
    errors: { newPassword: errors.newPassword?.message, confirmPassword: errors.confirmPassword?.message },
    policyErrors,
  };

  return { form, submit, fields, isSubmitting };
}
