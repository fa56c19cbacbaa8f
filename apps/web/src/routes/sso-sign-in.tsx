import { t } from '@lingui/core/macro';
import { useLocation } from 'react-router';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { BackToLoginLink } from '@/features/auth/components/back-to-login-link';
import { SsoSignIn } from '@/features/auth/components/sso-sign-in';

/** `/sso` (docs/product.md): public; "Sign in with SSO" with the work email (decision 038). */
export function SsoSignInRoute() {
  const location = useLocation();
  return (
    <AuthLayout>
      <AuthHeading title={t`Sign in with SSO`}>
        {t`Enter your work email to continue with your organisation's sign-in`}
      </AuthHeading>
      <SsoSignIn search={location.search} />
      <div className="mt-6 flex justify-center">
        <BackToLoginLink />
      </div>
    </AuthLayout>
  );
}
