import type { Database } from '../../db/client';
import { pools } from '../../db/schema';

/** Every account's own pool, made with the account (its Individual licenses live here). */
export async function createDefaultPool(
  db: Database,
  owner: { id: string; name: string },
  now: Date,
): Promise<{ id: string }> {
  return insertPool(db, {
    ownerId: owner.id,
    name: 'Default Pool',
    description: `${owner.name}'s own licenses`,
    poolType: 'Default',
    createdAt: now,
  });
}

/** A shared pool of `ownerId` that its children may join. Unique names are the caller's check. */
export async function createSharedPool(
  db: Database,
  ownerId: string,
  values: { name: string; description: string },
  now: Date,
): Promise<{ id: string }> {
  return insertPool(db, { ownerId, ...values, poolType: 'Pool', createdAt: now });
}

async function insertPool(db: Database, values: typeof pools.$inferInsert): Promise<{ id: string }> {
  const [pool] = await db.insert(pools).values(values).returning({ id: pools.id });
  if (!pool) throw new Error('pool insert returned nothing');
  return pool;
}
