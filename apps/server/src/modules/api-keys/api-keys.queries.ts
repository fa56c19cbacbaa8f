import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiKey, apiKeyListQuerySchema, ApiKeyStatus } from '@portal/contracts/api-keys';
import type { Database } from '../../db/client';
import { accounts, apiKeys } from '../../db/schema';
import { matchesAny, pageOffset } from '../../core/paging';
import type { Principal } from '../../core/principal';
import { inScope, writeScope } from '../../core/scope';

/**
 * Whose keys a caller sees and may revoke: its own; an Admin's also those of the accounts in its
 * subtree (writeScope). A key out of scope is "not found", never "forbidden".
 */
export function keysInScope(principal: Principal): SQL {
  return inScope(writeScope(principal), apiKeys.accountId);
}

const liveFirst = (now: Date) =>
  sql`(${apiKeys.revokedAt} IS NULL AND ${apiKeys.expiresAt} > ${now.toISOString()}::timestamptz)`;

function keyRows(db: Database) {
  return db
    .select({ key: apiKeys, ownerName: accounts.name, ownerEmail: accounts.email })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId));
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof keyRows>['execute']>>[number];

export function statusOf(key: { revokedAt: Date | null; expiresAt: Date }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'Revoked';
  return key.expiresAt <= now ? 'Expired' : 'Active';
}

export function toApiKey({ key, ownerName, ownerEmail }: KeyRow, now: Date): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    status: statusOf(key, now),
    ownerId: key.accountId,
    ownerName,
    ownerEmail,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: key.lastUsedIp,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** One page of the keys a caller sees: live ones first, then newest first. */
export async function listApiKeys(
  db: Database,
  principal: Principal,
  query: z.output<typeof apiKeyListQuerySchema>,
  now: Date,
): Promise<{ rows: ApiKey[]; total: number }> {
  const where = and(
    keysInScope(principal),
    query.mine ? eq(apiKeys.accountId, principal.accountId) : undefined,
    matchesAny(query.search, [apiKeys.name, apiKeys.prefix, accounts.name, accounts.email]),
  );
  const [rows, [counted]] = await Promise.all([
    keyRows(db)
      .where(where)
      .orderBy(desc(liveFirst(now)), desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.pageNumber, query.pageSize)),
    db.select({ total: count() }).from(apiKeys).innerJoin(accounts, eq(accounts.id, apiKeys.accountId)).where(where),
  ]);
  return { rows: rows.map((row) => toApiKey(row, now)), total: counted?.total ?? 0 };
}

/** One key the caller sees, or undefined. */
export async function findApiKey(db: Database, principal: Principal, keyId: string, now: Date) {
  const [row] = await keyRows(db)
    .where(and(eq(apiKeys.id, keyId), keysInScope(principal)))
    .limit(1);
  return row ? toApiKey(row, now) : undefined;
}
