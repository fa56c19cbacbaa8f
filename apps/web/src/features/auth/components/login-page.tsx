import type { LoginRequest, LoginResponse } from '@portal/contracts/auth';
import { useState } from 'react';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { applyLoginResponse, type LoginStep } from '../lib/login-flow';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

/** Spec section 2, `/`: the credentials form, then whatever step the server asks for. */
export function LoginPage() {
  const [step, setStep] = useState<LoginStep>({ kind: 'credentials' });
  const finishSignIn = useFinishSignIn();

  async function handleAuthenticated(response: LoginResponse, credentials: LoginRequest) {
    const outcome = applyLoginResponse(response, credentials.password);
    if (outcome.kind === 'signed-in') await finishSignIn();
    else setStep(outcome);
  }

  return (
    <AuthLayout>
      <div className="mb-8 grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Sign In</h1>
        <p className="text-sm text-muted-foreground">To continue with the product portal</p>
      </div>
      <LoginForm onAuthenticated={handleAuthenticated} />
      <LoginStepDialog step={step} />
    </AuthLayout>
  );
}

/** The dialog of the current step after the credentials (spec section 2, "Public routes"). */
function LoginStepDialog({ step }: { step: LoginStep }) {
  switch (step.kind) {
    case 'credentials':
    case 'change-password':
    case 'two-factor':
      return null;
  }
}
