import { lazy, type ReactNode } from 'react';
import { MfaSetupDialogContext, type MfaSetupDialogProps } from '@/lib/mfa-setup';

// Loaded only by a sign-in that the organisation's MFA policy stops (decision 036), with its words.
const MfaSetupDialog = lazy(() =>
  import('@/features/two-factor/components/mfa-setup-dialog').then(async (m) => {
    await m.loadSetupMessages();
    return { default: m.MfaSetupDialog };
  }),
);

const renderSetup = (props: MfaSetupDialogProps) => <MfaSetupDialog {...props} />;

/** Hands the second-factor feature's set-up dialog to the login's step dialogs. */
export function MfaSetupProvider({ children }: { children: ReactNode }) {
  return <MfaSetupDialogContext value={renderSetup}>{children}</MfaSetupDialogContext>;
}
