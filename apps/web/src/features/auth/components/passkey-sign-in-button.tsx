import { t } from '@lingui/core/macro';
import type { LoginResponse } from '@portal/contracts/login';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * "Sign in with a passkey" under the login form (decision 037): a discoverable passkey, chosen in
 * the browser's dialog, is both factors. Its code loads on the click, not with the page's budget.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (response: LoginResponse) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function signIn() {
    setBusy(true);
    setError('');
    const outcome = await (await import('../lib/passkey-sign-in')).signInWithPasskey();
    if ('error' in outcome) setError(outcome.error);
    else await onSignedIn(outcome.response);
    setBusy(false);
  }
  return (
    <>
      <Button variant="outline" className="mt-4 w-full" disabled={busy} onClick={() => void signIn()}>
        {t`Sign in with a passkey`}
      </Button>
      <p role="alert" className="mt-2 text-sm text-destructive empty:hidden">
        {error}
      </p>
    </>
  );
}
