import { lazy } from 'react';
import { useLocation } from 'react-router';
import { SsoCallbackPage } from '@/features/auth/components/sso-callback-page';
import { useFinishSignIn } from '@/features/auth/hooks/use-finish-sign-in';

// Only a sign-in that the organisation's MFA policy stops loads the set-up (decision 036).
const MfaSetupDialog = lazy(() =>
  import('@/features/two-factor/components/mfa-setup-dialog').then((m) => ({ default: m.MfaSetupDialog })),
);

/** `/sso-callback` (docs/product.md): public; single sign-on's return with its one-time code. */
export function SsoCallbackRoute() {
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  return <SsoCallbackPage search={location.search} finishSignIn={finishSignIn} MfaSetupDialog={MfaSetupDialog} />;
}
