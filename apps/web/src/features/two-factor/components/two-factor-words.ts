import { t } from '@lingui/core/macro';
import { MFA_MSG } from '@portal/contracts/mfa';

/**
 * A browser's refusal of a passkey (lib/passkey-errors.ts, which the sign-in's English dialog
 * shares) in the language shown; any other message as it came.
 */
export function passkeyProblemText(problem: string): string {
  const texts: Record<string, string> = {
    [MFA_MSG.passkeyCancelled]: t`The passkey was not used. Try again when you are ready.`,
    [MFA_MSG.passkeyDuplicate]: t`This passkey is already registered.`,
    [MFA_MSG.passkeyUnsupported]: t`This browser cannot use passkeys.`,
    [MFA_MSG.passkeyFailed]: t`The passkey could not be checked. Please try again.`,
  };
  return texts[problem] ?? problem;
}
