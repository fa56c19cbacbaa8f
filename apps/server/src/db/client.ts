import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { type NoticeSource, pgliteNotices, postgresNotices } from './notices';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database: how instances tell each other what to forget. */
  notices: NoticeSource;
  /** The pool's connections (PostgreSQL only; the embedded database is one). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** The PostgreSQL pool itself (absent on the embedded database): a read replica falls back to it. */
  pool?: pg.Pool;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// One key for every instance: only one applies migrations at a time.
const MIGRATION_LOCK_KEY = 727_001;

/** `logger` sees every statement with its parameters (the benchmark's capture of a page's SQL). */
export function openPostgres(url: string, poolSize = 10, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    notices: postgresNotices(url, pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    pool,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Wraps an open PGlite instance (a data folder, memory, or a loaded template). */
export function wrapPglite(client: PGlite, onClose: () => void = () => undefined): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    notices: pgliteNotices(client),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async close() {
      await client.close();
      onClose();
    },
  };
}

export async function openPgliteDir(dataDir: string): Promise<DatabaseHandle> {
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, 'pgdata'));
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs `work` in a transaction: the caller's when `db` is already one, else a new one. A change
 * that owns its transaction but is also called inside a larger one (an allocation with its audit
 * row) then costs no savepoint, whose two round trips would be spent with its rows locked.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const isTransaction = (value: Database): boolean => value instanceof PgTransaction;
  // Tested apart: instanceof would narrow `db` to the bare class, without the schema's types.
  return isTransaction(db) ? work(db) : db.transaction(work);
}
