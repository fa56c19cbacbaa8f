import { useState } from 'react';
import { RoutedLoginPage } from '@/features/auth/components/routed-login-page';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { hasSession } from '@/lib/session';

/** `/`: the sign-in screen, or straight on when the session already exists (docs/product.md). */
export function LoginRoute() {
  // Decided once on arrival: signing in on this page navigates away by itself.
  const [signedIn] = useState(hasSession);
  return signedIn ? <SignedInRedirect /> : <RoutedLoginPage />;
}
