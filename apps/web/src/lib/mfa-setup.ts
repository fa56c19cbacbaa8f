import type { MfaSetup } from '@portal/contracts/login';
import { createContext, type ReactNode } from 'react';

/** A factor the organisation's MFA policy lets a person set up at sign-in (decision 036). */
export type MfaSetupMethod = MfaSetup['mfaSetupMethods'][number];

/**
 * The set-up the MFA policy asks for at sign-in. The login's step dialogs (features/auth) show it;
 * the second-factor feature makes it; the app's providers hand it over (MfaSetupDialogContext), as
 * features do not import each other.
 */
export type MfaSetupDialogProps = {
  /** What may be set up, strongest first. */
  methods: readonly MfaSetupMethod[];
  /** The set-up is done and the full session's token is stored: the sign-in goes on. */
  onSignedIn: () => Promise<void>;
  /** Back to the credentials form. */
  onCancel: () => void;
};

/**
 * Renders the set-up dialog, loaded when a sign-in first needs it: provided by the app's providers and the
 * lean login page's dialog providers, so that the login page itself carries none of it.
 */
export const MfaSetupDialogContext = createContext<((props: MfaSetupDialogProps) => ReactNode) | null>(null);
