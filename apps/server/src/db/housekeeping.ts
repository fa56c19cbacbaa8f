import { and, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  accountTokens,
  mailOutbox,
  passkeyChallenges,
  rateLimits,
  sessions,
  ssoLogins,
  twoFactorChallenges,
  webhookDeliveries,
} from './schema';

const KEEP_DAYS = 7;
/** A webhook delivery stays listed, and a failed one may be resent, for 30 days after its last attempt. */
const KEEP_DELIVERY_DAYS = 30;

/**
 * Deletes what can no longer be used: sessions and emailed tokens a week past their end (with their
 * 2FA and passkey challenges), single sign-ons in flight a week past theirs, outbox
 * mail a week after it was sent or given up, webhook deliveries 30 days after they ended, and
 * rate-limit windows a day old. Returns how many rows went, per table.
 */
export async function purgeExpired(db: Database, now: Date): Promise<Record<string, number>> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 24 * 3_600_000).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  return db.transaction(async (tx) => {
    const dead = tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(or(lt(sessions.expiresAt, sql`${cutoff}`), lt(sessions.revokedAt, sql`${cutoff}`)));
    const challenges = await tx
      .delete(twoFactorChallenges)
      .where(inArray(twoFactorChallenges.sessionId, dead))
      .returning({ id: twoFactorChallenges.sessionId });
    // A passkey's challenge lives 5 minutes: gone a week later, or with its session (decision 037).
    const passkeyGone = await tx
      .delete(passkeyChallenges)
      .where(or(inArray(passkeyChallenges.sessionId, dead), lt(passkeyChallenges.expiresAt, sql`${cutoff}`)))
      .returning({ id: passkeyChallenges.id });
    // A single sign-on in flight lives 10 minutes, its one-time code a minute (decision 038).
    const ssoGone = await tx
      .delete(ssoLogins)
      .where(lt(ssoLogins.expiresAt, sql`${cutoff}`))
      .returning({ id: ssoLogins.id });
    const gone = await tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`${cutoff}`), lt(sessions.revokedAt, sql`${cutoff}`)))
      .returning({ id: sessions.id });
    const tokens = await tx
      .delete(accountTokens)
      .where(lt(accountTokens.expiresAt, sql`${cutoff}`))
      .returning({ id: accountTokens.id });
    const limits = await tx
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, sql`${dayAgo}`))
      .returning({ key: rateLimits.key });
    const mail = await tx
      .delete(mailOutbox)
      .where(or(lt(mailOutbox.sentAt, sql`${cutoff}`), lt(mailOutbox.failedAt, sql`${cutoff}`)))
      .returning({ id: mailOutbox.id });
    const deliveryCutoff = new Date(now.getTime() - KEEP_DELIVERY_DAYS * 24 * 3_600_000).toISOString();
    const deliveries = await tx
      .delete(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'Pending'), lt(webhookDeliveries.lastAttemptAt, sql`${deliveryCutoff}`)))
      .returning({ id: webhookDeliveries.id });
    return {
      sessions: gone.length,
      mailOutbox: mail.length,
      webhookDeliveries: deliveries.length,
      twoFactorChallenges: challenges.length,
      passkeyChallenges: passkeyGone.length,
      ssoLogins: ssoGone.length,
      accountTokens: tokens.length,
      rateLimits: limits.length,
    };
  });
}
