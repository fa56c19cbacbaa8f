import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { TriangleAlertIcon } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { slot, withElements } from '@/lib/message-elements';
import { isUsableResetLink, ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** `/reset-password?token&email` (docs/product.md): public; success goes to `/`. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const email = params.get('email');

  if (!isUsableResetLink(token, email)) {
    return (
      <AuthLayout>
        <AuthHeading title={t`Reset Password`} />
        <div role="alert" className="grid gap-4 rounded-lg border border-destructive/40 p-4 text-sm">
          <p className="flex gap-2">
            <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
            {t`This reset link is incomplete. Open the link from the email again, or ask for a new one.`}
          </p>
          <Link
            to={PAGES.forgotPassword}
            className={buttonClassName({ variant: 'outline', className: 'justify-self-start' })}
          >
            {t`Request a new link`}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const address = slot('email');
  return (
    <AuthLayout>
      <AuthHeading title={t`Reset Password`}>
        {withElements(t`Choose a new password for ${address}.`, {
          email: <span className="font-medium text-foreground">{email}</span>,
        })}
      </AuthHeading>
      <ResetPasswordForm
        token={token ?? ''}
        email={email ?? ''}
        onReset={() => void navigate(PAGES.signIn, { replace: true })}
      />
    </AuthLayout>
  );
}
