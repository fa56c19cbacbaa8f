import { AUTH_ROUTES } from '@portal/contracts/auth-routes';
import { ssoErrorMessage } from '@portal/contracts/sso-errors';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
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
 * "Sign in with SSO" (decision 038): the person types a work email and the browser goes to
 * `GET /api/Sso/start`, which finds the organisation by the domain and sends it on to the identity
 * provider. Self-contained and light, for the login page's budget: no zod, no router, no query
 * library. Shows why a single sign-on came back refused.
 */
export function SsoSignIn({ search, leave = (url) => window.location.assign(url) }: SsoSignInProps) {
  const [refusal] = useState(() => ssoErrorMessage(new URLSearchParams(search).get('sso_error')));
  const [open, setOpen] = useState(refusal !== null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const refusalId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = email.trim();
    if (!EMAIL.test(typed)) {
      setError(typed ? 'Enter a valid email address' : 'Email is required');
      input.current?.focus();
      return;
    }
    setBusy(true);
    leave(`/api${AUTH_ROUTES.ssoStart.path}?email=${encodeURIComponent(typed)}`);
  }

  return (
    <section aria-label="Single sign-on" className="mt-6 grid gap-4 border-t pt-6">
      {refusal && (
        <p id={refusalId} role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
          {refusal}
        </p>
      )}
      {open ? (
        <form noValidate onSubmit={submit} className="grid gap-4" aria-describedby={refusal ? refusalId : undefined}>
          <FormField label="Work email" error={error}>
            <Input
              ref={input}
              name="sso-email"
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder="name@company.com"
              autoFocus={!refusal}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <SubmitButton variant="outline" size="lg" busy={busy} busyText="Redirecting...">
            Continue with SSO
          </SubmitButton>
        </form>
      ) : (
        <Button type="button" variant="outline" size="lg" onClick={() => setOpen(true)}>
          Sign in with SSO
        </Button>
      )}
    </section>
  );
}
