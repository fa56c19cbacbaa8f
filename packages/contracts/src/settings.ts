import { emailField } from './auth';
import { inputObject, text } from './fields';
import { MSG } from './messages';

/** The Profile form of /settings: shown, not saved. */
export const profileFormSchema = inputObject({
  name: text().trim().min(2, MSG.usernameMin).max(30, MSG.usernameMax),
  email: emailField,
});
