import type { LoginResponse } from '@portal/contracts/login';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { clearSession } from '@/lib/session';

// Plain strings here: the login page must not load the contracts' MFA messages (zod) up front.
const CANCELLED = 'The passkey was not used. Try again when you are ready.';
const MUST_CHANGE = 'Your password must be changed first: sign in with your email and password.';
const FAILED = 'The passkey could not be checked. Please try again.';

/**
 * "Sign in with a passkey" under the login form (decision 037): a discoverable passkey, chosen in
 * the browser's dialog, is both factors. The WebAuthn code loads on the click, not with the page.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (response: LoginResponse) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      clearSession();
      const { passkeyLogin } = await import('../lib/passkey-sign-in');
      const response = await passkeyLogin();
      if (response.requirePasswordChange) {
        // The forced change asks for the current password, which a passkey sign-in never typed.
        clearSession();
        setError(MUST_CHANGE);
        return;
      }
      await onSignedIn(response);
    } catch (caught) {
      const name = caught instanceof Error ? caught.name : '';
      if (name === 'NotAllowedError' || name === 'AbortError') setError(CANCELLED);
      else setError(caught instanceof Error && caught.message ? caught.message : FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void signIn()}
      >
        {busy && <Spinner />}
        Sign in with a passkey
      </Button>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
