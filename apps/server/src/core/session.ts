import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { isLocale } from '@portal/contracts/locales';
import type { Database } from '../db/client';
import { type Account, accounts, sessions, type SessionKind } from '../db/schema';
import { addMinutes } from '../lib/clock';
import { hashToken, newToken } from '../lib/tokens';
import { stampSignIn } from './accounts';
import { CURRENT_EULA } from './eula';
import type { MailQueue } from './mail-outbox';
import type { Principal } from './principal';
import type { SecretBox } from '../lib/secret-box';
import type { Config } from '../env';
import type { SessionCache } from './session-cache';
import { tenantOfAccount } from './tenant';

/** Who is calling: kept in core/principal.ts, named here too for the callers of the session functions. */
export type { Principal } from './principal';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** Pending tokens (2FA, forced password change) open only their own calls, briefly. */
export const PENDING_MINUTES = 10;
/** last_seen_at is written at most this often, so a read-only request costs one SELECT. */
const TOUCH_EVERY_MS = 60_000;

/** What the sign-in services need. */
export interface AuthDeps {
  db: Database;
  sessionPolicy: SessionPolicy;
  mail: MailQueue;
  /** Opens authenticator apps' secrets (decision 035); null without SECRETS_KEY. */
  secrets?: SecretBox | null;
  /** The origin passkeys are bound to (decision 037). */
  config?: Pick<Config, 'WEBAUTHN_ORIGIN'>;
}

export async function createSession(
  db: Database,
  policy: SessionPolicy,
  accountId: string,
  kind: SessionKind,
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const minutes = kind === 'full' ? policy.maxHours * 60 : PENDING_MINUTES;
  const [row] = await db
    .insert(sessions)
    .values({
      accountId,
      tokenHash: hashToken(token),
      kind,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: addMinutes(now, minutes),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return { token, sessionId: row.id };
}

/**
 * The query every guarded request runs, built and prepared once per database: session and
 * account in one round trip, with what `GET User/me` shows, so that call needs no other query.
 */
function buildResolveQuery(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      kind: sessions.kind,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      accountId: accounts.id,
      parentId: accounts.parentId,
      // The root of the account's tree, from the closure in the same round trip (core/tenant.ts).
      tenantId: tenantOfAccount(accounts.id),
      roles: accounts.roles,
      eulaVersion: accounts.eulaVersion,
      name: accounts.name,
      email: accounts.email,
      lastLoginAt: accounts.lastLoginAt,
      previousLoginAt: accounts.previousLoginAt,
      timeZone: accounts.timeZone,
      locale: accounts.locale,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > ${sql.placeholder('now')}`,
        sql`${sessions.lastSeenAt} > ${sql.placeholder('idleSince')}`,
        eq(accounts.active, true),
      ),
    )
    .limit(1)
    .prepare('resolve_session');
}
const resolveQueries = new WeakMap<Database, ReturnType<typeof buildResolveQuery>>();

/**
 * The live session behind a token, or null: unknown, revoked, expired, idle, or account inactive.
 * With a cache, a session read before answers from memory (core/session-cache.ts); expiry and
 * idleness are checked here either way, and `last_seen_at` is written at most once a minute. From
 * memory, idle expiry counts from the request before this one, to the second; a session read from
 * the database (a cache miss, another instance, `SESSION_CACHE_SIZE=0`) counts from the last write.
 */
export async function resolveSession(
  db: Database,
  policy: SessionPolicy,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<Principal | null> {
  const tokenHash = hashToken(token);
  const idleSince = addMinutes(now, -policy.idleMinutes);
  const cached = cache?.get(tokenHash);
  if (cached) {
    if (cached.expiresAt <= now) {
      cache?.delete(tokenHash);
      return null;
    }
    // Idle as far as this instance knows; another one may have seen it since: ask the database.
    // `lastSeenAt` is the true last use here, kept in memory: the database's copy may be up to a
    // minute older (it is written at most once a minute), and idle expiry counts from the true one.
    if (cached.lastSeenAt > idleSince) {
      cached.lastSeenAt = now;
      if (now.getTime() - cached.writtenAt.getTime() > TOUCH_EVERY_MS) {
        await touch(db, cached.principal.sessionId, now);
        cached.writtenAt = now;
      }
      return cached.principal;
    }
    cache?.delete(tokenHash);
  }
  const generation = cache?.generation ?? 0;
  let query = resolveQueries.get(db);
  if (!query) {
    query = buildResolveQuery(db);
    resolveQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now: now.toISOString(), idleSince: idleSince.toISOString() });
  if (!row) return null;
  let writtenAt = row.lastSeenAt;
  if (now.getTime() - writtenAt.getTime() > TOUCH_EVERY_MS) {
    await touch(db, row.sessionId, now);
    writtenAt = now;
  }
  const lastLogin = row.previousLoginAt ?? row.lastLoginAt;
  const principal: Principal = {
    accountId: row.accountId,
    parentId: row.parentId,
    tenantId: row.tenantId,
    sessionId: row.sessionId,
    kind: row.kind,
    roles: row.roles,
    eulaAccepted: row.eulaVersion === CURRENT_EULA.version,
    profile: {
      name: row.name,
      email: row.email,
      lastLogin: lastLogin ? lastLogin.toISOString() : null,
      timeZone: row.timeZone,
      locale: isLocale(row.locale) ? row.locale : null,
    },
    apiKey: null,
  };
  cache?.set(tokenHash, { principal, lastSeenAt: now, writtenAt, expiresAt: row.expiresAt }, generation);
  return principal;
}

async function touch(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** A pending two-factor session lives as long as the code just mailed to it. */
export async function extendSession(db: Database, sessionId: string, until: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt: until }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of an account (password change or reset, deactivation), but `keep`. */
export async function revokeAccountSessions(db: Database, accountId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    );
}

/** A full session, and the sign-in recorded (the previous one becomes "Last Login"). */
export async function startFullSession(
  db: Database,
  policy: SessionPolicy,
  account: Account,
  now: Date,
): Promise<string> {
  const { token } = await createSession(db, policy, account.id, 'full', now);
  await stampSignIn(db, account.id, now);
  return token;
}
