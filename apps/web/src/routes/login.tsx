import { lazy, useState } from 'react';
import { RoutedLoginPage } from '@/features/auth/components/routed-login-page';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { hasSession } from '@/lib/session';

// Only a sign-in that the organisation's MFA policy stops loads the set-up.
const MfaSetupDialog = lazy(() =>
  import('@/features/two-factor/components/mfa-setup-dialog').then((m) => ({ default: m.MfaSetupDialog })),
);

/** `/`: the sign-in screen, or straight on when the session already exists (docs/product.md). */
export function LoginRoute() {
  // Decided once on arrival: signing in on this page navigates away by itself.
  const [signedIn] = useState(hasSession);
  return signedIn ? (
    <SignedInRedirect MfaSetupDialog={MfaSetupDialog} />
  ) : (
    <RoutedLoginPage MfaSetupDialog={MfaSetupDialog} />
  );
}
