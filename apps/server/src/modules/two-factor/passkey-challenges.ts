import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passkeyChallenges } from '../../db/schema';
import { addMinutes } from '../../lib/clock';

// The relying party and the challenges of passkeys (decision 037): each given out for one purpose,
// kept in passkey_challenges, answered within its minutes, once.

/** The name the browser shows beside a passkey of this portal. */
export const RP_NAME = 'MigrateHub License Portal';
/** A challenge is answered within these minutes, once. */
export const CHALLENGE_MINUTES = 5;
export const TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

/** Where passkeys are bound (decision 037): the origin the browser shows, and its host name as the RP id. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(config: { WEBAUTHN_ORIGIN: string } | undefined): RelyingParty {
  const origin = new URL(config?.WEBAUTHN_ORIGIN ?? 'http://localhost:8080').origin;
  return { id: new URL(origin).hostname, origin };
}

export type Purpose = 'register' | 'second-factor' | 'passwordless';
/** The challenge the browser signed, read from its client data (base64url JSON); '' when unreadable. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const value = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof value.challenge === 'string' ? value.challenge : '';
  } catch {
    return '';
  }
}

export async function storeChallenge(
  db: Database,
  purpose: Purpose,
  sessionId: string | null,
  challenge: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(passkeyChallenges)
    .values({ purpose, sessionId, challenge, createdAt: now, expiresAt: addMinutes(now, CHALLENGE_MINUTES) })
    .returning({ id: passkeyChallenges.id });
  return row!.id;
}

/**
 * Spends the challenge the browser signed, under a row lock: it must be of this purpose, bound to
 * this session (or, signing in with a passkey alone, have this id), unused and unexpired. Answers
 * whether it was there to spend.
 */
export async function spendChallenge(
  tx: Database,
  purpose: Purpose,
  bound: { sessionId: string } | { id: string },
  challenge: string,
  now: Date,
): Promise<'ok' | 'expired' | 'absent'> {
  if (!challenge) return 'absent';
  const [row] = await tx
    .select()
    .from(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.purpose, purpose),
        eq(passkeyChallenges.challenge, challenge),
        'sessionId' in bound ? eq(passkeyChallenges.sessionId, bound.sessionId) : eq(passkeyChallenges.id, bound.id),
        isNull(passkeyChallenges.usedAt),
      ),
    )
    .for('update');
  if (!row) return 'absent';
  await tx.update(passkeyChallenges).set({ usedAt: now }).where(eq(passkeyChallenges.id, row.id));
  return row.expiresAt > now ? 'ok' : 'expired';
}
