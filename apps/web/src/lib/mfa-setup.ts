import type { MfaSetup } from '@portal/contracts/login';

/** A factor the organisation's MFA policy lets a person set up at sign-in (decision 036). */
export type MfaSetupMethod = MfaSetup['mfaSetupMethods'][number];

/**
 * The set-up the MFA policy asks for at sign-in. The login page (features/auth) shows it; the
 * second-factor feature supplies it, and the entries that render the page pass it in.
 */
export type MfaSetupDialogProps = {
  /** What may be set up, strongest first. */
  methods: readonly MfaSetupMethod[];
  /** The set-up is done and the full session's token is stored: the sign-in goes on. */
  onSignedIn: () => Promise<void>;
  /** Back to the credentials form. */
  onCancel: () => void;
};
