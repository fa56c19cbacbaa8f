import type { FinishSignIn, LoginStep } from '../lib/login-flow';
import { ForcedChangeDialog } from './forced-change-dialog';
import { TwoFactorDialog } from './two-factor-dialog';

type LoginStepDialogProps = {
  step: Exclude<LoginStep, { kind: 'credentials' }>;
  finishSignIn: FinishSignIn;
  /** Back to the credentials form (the dialog was closed, or the pending sign-in ended). */
  onCancel: () => void;
};

/** The dialog of the step after the credentials (docs/product.md, "Public routes"). */
export function LoginStepDialog({ step, finishSignIn, onCancel }: LoginStepDialogProps) {
  switch (step.kind) {
    case 'change-password':
      return <ForcedChangeDialog oldPassword={step.oldPassword} finishSignIn={finishSignIn} onCancel={onCancel} />;
    case 'two-factor':
      return <TwoFactorDialog methods={step.methods} finishSignIn={finishSignIn} onCancel={onCancel} />;
  }
}
