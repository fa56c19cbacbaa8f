import { t } from '@lingui/core/macro';
import type { LoginRequest, LoginResponse } from '@portal/contracts/login';
import { Fragment, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { clearSession } from '@/lib/session';
import { emailValidationOutcome, emailValidationToken } from '../lib/email-validation';
import { applyLoginResponse, type FinishSignIn, type LoginStep } from '../lib/login-flow';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { PasskeySignInButton } from './passkey-sign-in-button';

// Loaded when needed, so that the login page itself stays within its size budget.
const LoginStepDialog = lazy(() => import('./login-step-dialog').then((m) => ({ default: m.LoginStepDialog })));
const EmailValidationDialog = lazy(() =>
  import('./email-validation-dialog').then((m) => ({ default: m.EmailValidationDialog })),
);

export type LoginPageProps = {
  /** Goes to another page: the router inside the app, a page load on the lean login entry. */
  navigate: (to: string) => void;
  finishSignIn: FinishSignIn;
  /** The page's query string (`?p=confirm` after the email-validation link). */
  search: string;
  /** What the step dialogs need beyond the page (the lean entry supplies TanStack Query lazily). */
  DialogProviders?: ComponentType<{ children: ReactNode }>;
};

/**
 * docs/product.md, `/`: the credentials form, then whatever step the server asks for. It renders
 * both inside the router and on its own (src/app/login-entry.tsx): it imports neither the router
 * nor TanStack Query nor classic zod.
 */
export function LoginPage({ navigate, finishSignIn, search, DialogProviders = Fragment }: LoginPageProps) {
  const [step, setStep] = useState<LoginStep>({ kind: 'credentials' });
  const [emailOutcome] = useState(() => emailValidationOutcome(search));

  async function handleAuthenticated(response: LoginResponse, credentials: LoginRequest) {
    const outcome = applyLoginResponse(response, credentials.password);
    if (outcome.kind === 'signed-in') await finishSignIn();
    else setStep(outcome);
  }

  function backToCredentials() {
    // The pending token opens nothing else: drop it with the dialog.
    clearSession();
    setStep({ kind: 'credentials' });
  }

  return (
    <AuthLayout>
      <AuthHeading title={t`Sign In`}>{t`To continue with the product portal`}</AuthHeading>
      <LoginForm onAuthenticated={handleAuthenticated} navigate={navigate} />
      <PasskeySignInButton onSignedIn={(response) => handleAuthenticated(response, { email: '', password: '' })} />
      <Suspense fallback={null}>
        {step.kind !== 'credentials' && (
          <DialogProviders>
            <LoginStepDialog step={step} finishSignIn={finishSignIn} onCancel={backToCredentials} onStep={setStep} />
          </DialogProviders>
        )}
        {emailOutcome && <EmailValidationDialog outcome={emailOutcome} token={emailValidationToken(search)} />}
      </Suspense>
    </AuthLayout>
  );
}
