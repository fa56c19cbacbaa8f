import { t } from '@lingui/core/macro';
import { ROUTES } from '@portal/contracts/routes';
import { ssoErrorMessage } from '@portal/contracts/sso-errors';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';

type SsoSignInProps = {
  /** The page's query string: `?sso_error=<code>` after a refused single sign-on. */
  search: string;
  /** Leaves for the identity provider (a page load); replaced in tests. */
  leave?: (url: string) => void;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form of "Sign in with SSO" (decision 038), on its own page (`/sso`): the person types a work email and the browser goes to
 * `GET /api/Sso/start`, which finds the organisation by the domain and sends it on to the identity
 * provider. No zod, no router, no query library. Shows why a single sign-on came back refused.
 */
export function SsoSignIn({ search, leave = (url) => window.location.assign(url) }: SsoSignInProps) {
  const [refusal] = useState(() => ssoErrorMessage(new URLSearchParams(search).get('sso_error')));
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const refusalId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = email.trim();
    if (!EMAIL.test(typed)) {
      setError(typed ? t`Enter a valid email address` : t`Email is required`);
      input.current?.focus();
      return;
    }
    setBusy(true);
    leave(`/api${ROUTES.ssoStart.path}?email=${encodeURIComponent(typed)}`);
  }

  return (
    <section aria-label={t`Single sign-on`} className="grid gap-4">
      {refusal && (
        <p id={refusalId} role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
      <form noValidate onSubmit={submit} className="grid gap-4" aria-describedby={refusal ? refusalId : undefined}>
        <FormField label={t`Work email`} error={error}>
          <Input
            ref={input}
            name="sso-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="name@company.com"
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(undefined);
            }}
          />
        </FormField>
        <SubmitButton variant="outline" size="lg" busy={busy} busyText={t`Redirecting...`}>
          {t`Continue with SSO`}
        </SubmitButton>
      </form>
    </section>
  );
}
