import { t } from '@lingui/core/macro';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { BackToLoginLink } from '@/features/auth/components/back-to-login-link';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** `/forgot-password` (docs/product.md): public. */
export function ForgotPasswordRoute() {
  return (
    <AuthLayout>
      <AuthHeading title={t`Forgot Password`}>
        {t`Enter the email of your account and we will send you a link to reset your password.`}
      </AuthHeading>
      <ForgotPasswordForm />
      <div className="mt-6 flex justify-center">
        <BackToLoginLink />
      </div>
    </AuthLayout>
  );
}
