/** A passphrase the default password policy accepts: what the password journeys change to. */
export const NEW_PASSWORD = 'a brand new passphrase 42';

/** The default password policy: 12 to 128 characters, no composition rules. */
export { DEFAULT_PASSWORD_REQUIREMENTS } from '@portal/contracts/password-policy';
