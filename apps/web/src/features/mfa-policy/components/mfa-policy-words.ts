import { t } from '@lingui/core/macro';
import type { MfaPolicy } from '@portal/contracts/mfa';

// The policies' names and what each asks (MFA_POLICY_LABELS' English) in the language shown; the
// value sent to the server stays the policy's.

export const policyLabel = (policy: MfaPolicy): string =>
  ({ optional: t`Optional`, required: t`Required`, 'phishing-resistant': t`Required, phishing-resistant` })[policy];

export const policyDescription = (policy: MfaPolicy): string =>
  ({
    optional: t`Each person chooses whether to use a second factor.`,
    required: t`Everyone needs a second factor: an authenticator app, a passkey or the emailed code. People without one set one up at their next sign-in.`,
    'phishing-resistant': t`Everyone signs in with a passkey, or through single sign-on whose provider asked for MFA. People without a passkey add one at their next sign-in.`,
  })[policy];
