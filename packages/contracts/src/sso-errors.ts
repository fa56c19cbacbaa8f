/**
 * Single sign-on's refusals as the SSO sign-in page shows them (decision 038). The server sends
 * the browser back to `/sso?sso_error=<code>`; the page reads the code and shows its sentence.
 */
export const SSO_ERRORS = {
  'unknown-domain':
    'No organisation signs in with single sign-on for this email domain. Sign in with your password instead.',
  'bad-email': 'Enter your work email to sign in with single sign-on.',
  'provider-unreachable': 'Your identity provider could not be reached. Try again, or ask your administrator.',
  'provider-error': 'Your identity provider did not sign you in. Try again, or ask your administrator.',
  expired: 'The single sign-on took too long or was already used. Start again.',
  'other-browser': 'Finish single sign-on in the browser where you started it. Start again here.',
  'invalid-response':
    'The answer of your identity provider could not be trusted. Start again, or ask your administrator.',
  'email-not-owned':
    'Your identity provider signed you in with an email your organisation does not own for single sign-on.',
  'email-unverified': 'Your identity provider has not verified your email address.',
  'other-organisation': 'This email belongs to an account of another organisation. Sign in with your password.',
  inactive: 'This account is inactive. Please contact your administrator.',
  'too-many': 'Too many sign-in attempts. Wait a minute and try again.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;

/** The sentence of a code from the login page's address, or null for anything else. */
export function ssoErrorMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code as SsoErrorCode] : null;
}

/** What the password login answers for an account that must sign in with its organisation's SSO. */
export const SSO_REQUIRED =
  "Your organisation signs you in with single sign-on: use 'Sign in with SSO' with your work email.";
