import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import type { Database } from './client';
import { rowsOf } from './rows';

/**
 * The newest committed migration's time (its `when` in drizzle-kit's journal). Drizzle's migrator
 * records each migration it applies with that time as `created_at` in drizzle.__drizzle_migrations.
 */
export function newestMigrationMillis(folder = migrationsFolder): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database holds every migration this build ships (or newer ones, written by a newer
 * instance during a rolling upgrade). False while another instance still migrates, or never did.
 */
export async function migrationsApplied(db: Database, newest = newestMigrationMillis()): Promise<boolean> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return false;
  const [last] = rowsOf<{ created_at: string | number | bigint | null }>(
    await db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`),
  );
  return Number(last?.created_at ?? 0) >= newest;
}
