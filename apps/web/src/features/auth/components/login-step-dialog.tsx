import { useContext } from 'react';
import { MfaSetupDialogContext } from '@/lib/mfa-setup';
import { PAGES } from '@portal/contracts/pages';
import type { FinishSignIn, LoginOutcome, LoginStep } from '../lib/login-flow';
import { ForcedChangeDialog } from './forced-change-dialog';
import { TwoFactorDialog } from './two-factor-dialog';

type LoginStepDialogProps = {
  step: Exclude<LoginStep, { kind: 'credentials' }>;
  finishSignIn: FinishSignIn;
  /** Back to the credentials form (the dialog was closed, or the pending sign-in ended). */
  onCancel: () => void;
  /** The next step, when a dialog's answer asks for one (the MFA policy's set-up). */
  onStep: (step: Exclude<LoginStep, { kind: 'credentials' }>) => void;
};

/** The dialog of the step after the credentials (docs/product.md, "Public routes"). */
export function LoginStepDialog({ step, finishSignIn, onCancel, onStep }: LoginStepDialogProps) {
  // The set-up of a second factor, handed over by the app's providers (lib/mfa-setup.ts).
  const renderSetup = useContext(MfaSetupDialogContext);
  /** Where a dialog's answer leads: on to the landing page, or to the next step. */
  const proceed = async (outcome: LoginOutcome, fallback: string) =>
    outcome.kind === 'signed-in' ? finishSignIn(fallback) : onStep(outcome);
  switch (step.kind) {
    case 'change-password':
      return <ForcedChangeDialog oldPassword={step.oldPassword} proceed={proceed} onCancel={onCancel} />;
    case 'two-factor':
      return <TwoFactorDialog methods={step.methods} proceed={proceed} onCancel={onCancel} />;
    case 'mfa-setup':
      if (!renderSetup) throw new Error('MfaSetupDialogContext is not provided');
      return renderSetup({ methods: step.methods, onSignedIn: () => finishSignIn(PAGES.dashboard), onCancel });
  }
}
