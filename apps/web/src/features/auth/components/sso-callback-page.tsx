import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { exchangeSsoCode } from '../api/sso-exchange';
import { applyLoginResponse, type FinishSignIn, type LoginStep } from '../lib/login-flow';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';
import { LoginStepDialog } from './login-step-dialog';

type Stage =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'step'; step: Exclude<LoginStep, { kind: 'credentials' }> };

type SsoCallbackPageProps = {
  search: string;
  finishSignIn: FinishSignIn;
};

const FAILED = 'This sign-in link has expired or was already used. Sign in again.';

/**
 * `/sso-callback?code=…` (decision 038): where single sign-on returns. The one-time code leaves the
 * address at once, is exchanged by POST for the session, and the sign-in ends as the login form's
 * does: the second factor or the forced password change when the answer asks for them.
 */
export function SsoCallbackPage({ search, finishSignIn }: SsoCallbackPageProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(search).get('code') ?? '';
    // The code is single use, but it need not stay in the history either.
    window.history.replaceState(window.history.state, '', SECURITY_PAGES.ssoCallback);
    exchangeSsoCode(code)
      .then(async ({ data }) => {
        const outcome = applyLoginResponse(data, '');
        if (outcome.kind === 'signed-in') await finishSignIn();
        else setStage({ kind: 'step', step: outcome });
      })
      .catch((error: unknown) => {
        clearSession();
        setStage({ kind: 'failed', message: error instanceof ApiError && error.message ? error.message : FAILED });
      });
  }, [search, finishSignIn]);

  return (
    <AuthLayout>
      <AuthHeading title="Single sign-on">Signing you in to the product portal</AuthHeading>
      {stage.kind === 'working' && (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Signing you in…
        </p>
      )}
      {stage.kind === 'failed' && (
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-sm text-destructive">
            {stage.message}
          </p>
          <a
            href={PAGES.signIn}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            Back to Login
          </a>
        </div>
      )}
      {stage.kind === 'step' && (
        <Suspense fallback={null}>
          <LoginStepDialog
            step={stage.step}
            finishSignIn={finishSignIn}
            onStep={(step) => setStage({ kind: 'step', step })}
            onCancel={() => {
              clearSession();
              window.location.assign(PAGES.signIn);
            }}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}
