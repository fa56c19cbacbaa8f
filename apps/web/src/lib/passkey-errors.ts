import { MFA_MSG } from '@portal/contracts/mfa';

/**
 * The message of a browser's refusal to use a passkey (the person closed its dialog, or it timed
 * out: NotAllowedError; no WebAuthn at all), or null when the error is the server's.
 */
export function browserPasskeyProblem(error: unknown): string | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return MFA_MSG.passkeyCancelled;
  if (name === 'InvalidStateError') return MFA_MSG.passkeyDuplicate;
  if (name === 'NotSupportedError' || (error instanceof Error && /does not support WebAuthn/i.test(error.message)))
    return MFA_MSG.passkeyUnsupported;
  if (name === 'WebAuthnError' || name === 'SecurityError') return MFA_MSG.passkeyFailed;
  return null;
}
