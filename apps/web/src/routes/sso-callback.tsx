import { useLocation } from 'react-router';
import { SsoCallbackPage } from '@/features/auth/components/sso-callback-page';
import { useFinishSignIn } from '@/features/auth/hooks/use-finish-sign-in';

/** `/sso-callback` (docs/product.md): public; single sign-on's return with its one-time code. */
export function SsoCallbackRoute() {
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  return <SsoCallbackPage search={location.search} finishSignIn={finishSignIn} />;
}
