import { t } from '@lingui/core/macro';
import { MSG } from '@portal/contracts/messages';

/**
 * The contracts' English field messages the sign-in pages show (the login form's own checks, the
 * forgot-password schema's), said in the language shown; any other message stays as it came.
 */
export function signInFieldMessage(message: string | undefined): string | undefined {
  switch (message) {
    case MSG.emailRequired:
      return t`Please enter your email`;
    case MSG.emailInvalid:
      return t`Invalid email address`;
    case MSG.passwordRequired:
      return t`Please enter your password`;
    case MSG.invalidInput:
      return t`Invalid input`;
    default:
      return message;
  }
}
