import { z } from 'zod';
import { emailField } from './auth';
import { MSG } from './messages';

/** The Profile form of /settings (spec section 5): shown, not saved. */
export const profileFormSchema = z.object({
  name: z.string().trim().min(2, MSG.usernameMin).max(30, MSG.usernameMax),
  email: emailField,
});
