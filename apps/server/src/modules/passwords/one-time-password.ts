/** How long a password someone else set (admin, system, sign-in details mail) works unused. */
export const ONE_TIME_PASSWORD_HOURS = 72;

/**
 * The account columns for a password someone else chose: changed at first sign-in, and dead after
 * 72 hours unless the owner replaced it by then (the admin's forcePasswordChangeOnLogin no longer
 * relaxes this; decision 012).
 */
export function oneTimePassword(passwordHash: string, now: Date) {
  return {
    passwordHash,
    mustChangePassword: true,
    passwordExpiresAt: new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000),
  };
}
