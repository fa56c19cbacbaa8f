import { t } from '@lingui/core/macro';
import type { LoginRequest, LoginResponse } from '@portal/contracts/login';
import { SIGN_IN_PAGES } from '@portal/contracts/sign-in-pages';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { serverFieldErrors } from '@/lib/form-errors';
import { handleServerError } from '@/lib/handle-server-error';
import { login } from '../api/login';
import { validateLogin, type LoginErrors } from '../lib/login-validation';
import { signInFieldMessage } from '../lib/signin-words';
import { AppLink } from './app-link';

type LoginFormProps = {
  /** Runs after the server accepted the credentials; the button stays busy until it settles. */
  onAuthenticated: (response: LoginResponse, credentials: LoginRequest) => Promise<void>;
  navigate: (to: string) => void;
};

type Field = keyof LoginRequest;
const FIELDS: readonly Field[] = ['email', 'password'];

/**
 * The credentials form: a small controlled form, not react-hook-form, to keep the login page within
 * its size budget (docs/decisions/002-login-page-budget.md). As in the app's other forms, fields
 * are checked on submit and again on each change after it.
 */
export function LoginForm({ onAuthenticated, navigate }: LoginFormProps) {
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next).errors);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const checked = validateLogin(values);
    setErrors(checked.errors);
    if (!checked.data) {
      const invalid = FIELDS.find((field) => checked.errors[field]) ?? 'email';
      (event.currentTarget.elements.namedItem(invalid) as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    let response: LoginResponse;
    try {
      response = (await login(checked.data)).data;
    } catch (error) {
      // No TanStack Query on the lean page: the login call reports its own failure.
      handleServerError(error);
      setErrors(serverFieldErrors(error, FIELDS));
      setBusy(false);
      return;
    }
    try {
      await onAuthenticated(response, checked.data);
    } finally {
      setBusy(false);
    }
  }

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <FormField label={t`Email`} error={signInFieldMessage(errors.email)}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@company.com"
          {...fieldProps('email')}
        />
      </FormField>
      <FormField label={t`Password`} error={signInFieldMessage(errors.password)}>
        <PasswordInput autoComplete="current-password" {...fieldProps('password')} />
      </FormField>
      <div className="-mt-2 flex justify-between">
        {/* A page of the full app (decision 038): a link, so the login page stays within its budget. */}
        <a
          href={SIGN_IN_PAGES.ssoSignIn}
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t`Sign in with SSO`}
        </a>
        <AppLink
          to={SIGN_IN_PAGES.forgotPassword}
          navigate={navigate}
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t`Forgot password?`}
        </AppLink>
      </div>
      <SubmitButton size="lg" busy={busy}>
        {t`Login`}
      </SubmitButton>
    </form>
  );
}
