import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export interface Limit {
  /** What is counted, for example `login-fail:email:a@b.co`; normalised by the caller. */
  key: string;
  max: number;
  windowSeconds: number;
}

interface Counter {
  count: number;
  retryAfter: number;
}

function tooMany(retryAfter: number): AppError {
  return new AppError(429, 'Too many attempts. Please wait and try again.', undefined, {
    'retry-after': String(Math.max(1, retryAfter)),
  });
}

/**
 * Counts one event in a fixed window kept in the database (so every instance shares it) and
 * throws 429 with Retry-After once the window holds more than `max`. One atomic upsert.
 */
export async function hit(db: Database, limit: Limit, now: Date): Promise<void> {
  const { count, retryAfter } = await upsertCounter(db, limit, now, 1);
  if (count > limit.max) throw tooMany(retryAfter);
}

async function upsertCounter(db: Database, limit: Limit, now: Date, add: 0 | 1): Promise<Counter> {
  const at = now.toISOString();
  const windowStartsAfter = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
  // The two drivers type execute() apart; both answer { rows }.
  const answer: unknown = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${limit.key}, ${at}, ${add})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${windowStartsAfter} THEN ${add} ELSE rate_limits.count + ${add} END,
      window_start = CASE WHEN rate_limits.window_start <= ${windowStartsAfter} THEN ${at}::timestamptz ELSE rate_limits.window_start END
    RETURNING count, window_start`);
  const result = answer as { rows: { count: number; window_start: string | Date }[] };
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned nothing');
  const windowEnd = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
  return { count: Number(row.count), retryAfter: Math.ceil((windowEnd - now.getTime()) / 1000) };
}

/** Forgets a limit's count: the owner proved who they are (a sign-in, a reset), so a lockout lifts. */
export async function clearLimit(db: Database, limit: Pick<Limit, 'key'>): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, limit.key));
}
