import { and, eq, isNull, sql } from 'drizzle-orm';
import { isLocale } from '@portal/contracts/locales';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH, type ApiKeyScope } from '@portal/contracts/api-keys';
import type { Database } from '../db/client';
import { accounts, apiKeys } from '../db/schema';
import { addMinutes } from '../lib/clock';
import { hashApiKey, newToken } from '../lib/tokens';
import { CURRENT_EULA } from './eula';
import type { Principal } from './principal';
import type { SessionCache } from './session-cache';
import { tenantOfAccount } from './tenant';

/**
 * The owner of `api_keys` (decision 032): a key is made, used and revoked here only. A key acts as
 * the account that made it, within its scopes; only its keyed hash is stored.
 */

/** `last_used_at` and its address are written at most this often per key (or when the address changes). */
const TOUCH_EVERY_MS = 60_000;
/** Cache entries of keys are held apart from sessions' (both are keyed by a hash of the token). */
const cacheKey = (hash: string) => `k:${hash}`;

export interface NewApiKey {
  accountId: string;
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number;
  now: Date;
  pepper?: string;
}

/** Makes a key: the whole key is returned once, here, and never stored. */
export async function createApiKey(db: Database, input: NewApiKey) {
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: input.accountId,
      name: input.name,
      prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
      tokenHash: hashApiKey(key, input.pepper),
      scopes: input.scopes,
      createdAt: input.now,
      expiresAt: addMinutes(input.now, input.expiresInDays * 24 * 60),
    })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { row, key };
}

/** Revokes one key (null when it was not live); every instance forgets it at commit (migration 0015). */
export async function revokeApiKey(db: Database, keyId: string, by: string | null, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

/** Ends every key of an account: its owner was deactivated or moved to another organisation. */
export async function revokeAccountKeys(db: Database, accountId: string, now: Date): Promise<number> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

function buildResolveQuery(db: Database) {
  return db
    .select({
      keyId: apiKeys.id,
      keyName: apiKeys.name,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      accountId: accounts.id,
      parentId: accounts.parentId,
      tenantId: tenantOfAccount(accounts.id),
      roles: accounts.roles,
      eulaVersion: accounts.eulaVersion,
      name: accounts.name,
      email: accounts.email,
      lastLoginAt: accounts.lastLoginAt,
      timeZone: accounts.timeZone,
      locale: accounts.locale,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(
      and(
        eq(apiKeys.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiKeys.revokedAt),
        sql`${apiKeys.expiresAt} > ${sql.placeholder('now')}`,
        eq(accounts.active, true),
      ),
    )
    .limit(1)
    .prepare('resolve_api_key');
}
const resolveQueries = new WeakMap<Database, ReturnType<typeof buildResolveQuery>>();

/**
 * The principal a live key acts as, or null: unknown, revoked, expired, or its owner inactive.
 * Read once and then held in the session cache (core/session-cache.ts), which every instance
 * empties of a key when it is revoked or its owner changes.
 */
export async function resolveApiKey(
  db: Database,
  key: string,
  seen: { now: Date; ip: string },
  cache?: SessionCache,
  pepper?: string,
): Promise<Principal | null> {
  const tokenHash = hashApiKey(key, pepper);
  const hash = cacheKey(tokenHash);
  const { now, ip } = seen;
  const cached = cache?.get(hash);
  if (cached) {
    if (cached.expiresAt <= now) {
      cache?.delete(hash);
      return null;
    }
    if (now.getTime() - cached.writtenAt.getTime() > TOUCH_EVERY_MS || cached.lastIp !== ip) {
      await recordApiKeyUse(db, cached.principal.sessionId, now, ip);
      cached.writtenAt = now;
      cached.lastIp = ip;
    }
    return cached.principal;
  }
  const generation = cache?.generation ?? 0;
  let query = resolveQueries.get(db);
  if (!query) resolveQueries.set(db, (query = buildResolveQuery(db)));
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  let writtenAt = row.lastUsedAt ?? new Date(0);
  if (now.getTime() - writtenAt.getTime() > TOUCH_EVERY_MS || row.lastUsedIp !== ip) {
    await recordApiKeyUse(db, row.keyId, now, ip);
    writtenAt = now;
  }
  const principal: Principal = {
    accountId: row.accountId,
    parentId: row.parentId,
    tenantId: row.tenantId,
    // The cache forgets an entry by this id: a key's revocation notice names the key (migration 0015).
    sessionId: row.keyId,
    kind: 'full',
    roles: row.roles,
    eulaAccepted: row.eulaVersion === CURRENT_EULA.version,
    profile: {
      name: row.name,
      email: row.email,
      lastLogin: row.lastLoginAt?.toISOString() ?? null,
      timeZone: row.timeZone,
      locale: isLocale(row.locale) ? row.locale : null,
    },
    apiKey: { id: row.keyId, name: row.keyName, scopes: row.scopes },
  };
  cache?.set(hash, { principal, lastSeenAt: now, writtenAt, expiresAt: row.expiresAt, lastIp: ip }, generation);
  return principal;
}

/** When and from where a key was last used (the guard's, at most once a minute; the demo's history). */
export async function recordApiKeyUse(db: Database, keyId: string, now: Date, ip: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, keyId));
}

/**
 * Requests a minute per key, counted in this instance's memory (a fixed one-minute window): the
 * key's answer is 429 with the seconds to wait. N instances let a key make up to N times as many.
 */
export class ApiKeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private windowStart = 0;

  constructor(private readonly perMinute: number) {}

  /** Counts a request; answers the seconds to wait when the key is over its limit, else 0. */
  hit(keyId: string, now: Date): number {
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    if (minute !== this.windowStart) {
      this.windows.clear();
      this.windowStart = minute;
    }
    const window = this.windows.get(keyId) ?? { start: minute, count: 0 };
    window.count += 1;
    this.windows.set(keyId, window);
    if (window.count <= this.perMinute) return 0;
    return Math.max(1, Math.ceil((minute + 60_000 - now.getTime()) / 1000));
  }
}
