import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ImportRowStatus } from '@portal/contracts/account-imports';
import { IMPORT_MSG } from '@portal/contracts/account-import-messages';
import { hasPermission } from '@portal/contracts/permissions';
import type { Role } from '@portal/contracts/roles';
import type { Database } from '../../db/client';
import { accountImportRows, accountImports, accounts, pools } from '../../db/schema';
import { AppError } from '../../core/errors';
import type { MailQueue } from '../../core/mail-outbox';
import { QueueRunner, type QueueStates } from '../../core/work-queue';
import { recordQueuedAudit } from '../audit';
import { sendEmailValidation } from '../email-validation';
import { allocate } from '../stock';
import { DUPLICATE_EMAIL, insertAccount } from './accounts.repository';
import { unusablePasswordHash } from './accounts.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user imports' runner (tests drain it). */
    imports: AccountImportRunner;
  }
}

/** The rows of applied imports by state: Queued until created (or refused), then settled. */
export const IMPORT_STATES = {
  name: 'import',
  table: accountImportRows,
  pending: eq(accountImportRows.status, 'Queued'),
  // A row whose attempts all failed on the server's side (not on its own data) is Failed with
  // the last error: the import's result file lists it.
  dead: sql`${accountImportRows.status} = 'Failed' AND ${accountImportRows.lastError} IS NOT NULL`,
  label: sql`'line ' || ${accountImportRows.line}::text || ' of import ' || ${accountImportRows.importId}::text`,
} satisfies QueueStates<typeof accountImportRows>;

type Claimed = typeof accountImportRows.$inferSelect;
interface Done {
  error: string | null;
  status: ImportRowStatus;
  message: string;
}

export interface ImportRunnerOptions {
  db: Database;
  mail: MailQueue;
  log: FastifyBaseLogger;
  publicUrl: string;
  pollMs?: number;
  exclusive?: boolean;
  /** Seconds before each retry of a row that failed on the server's side. */
  retrySeconds?: number[];
  /** Rows of a batch created at the same time (2 unless told). */
  concurrency?: number;
}

/** Rows claimed at once: each is still its own transaction. */
const BATCH = 24;
/** Rows of a batch created at the same time (on PostgreSQL; the embedded database runs one query at a time). */
const ROWS_AT_ONCE = 2;
const YIELD_EVERY = 2;

/**
 * Creates the rows of applied imports (decision 047), a kind of queued work (core/work-queue.ts):
 * each row's account, confirmation mail, units and audit rows in one transaction, and its result
 * written in that same transaction, so that a restart neither repeats nor loses a row. A row whose
 * data is refused now (its email taken since, its pool gone, the stock spent) gets that refusal as
 * its result; the others go on.
 */
export class AccountImportRunner {
  readonly runner: QueueRunner<typeof accountImportRows, Claimed, Done>;

  constructor(private readonly options: ImportRunnerOptions) {
    this.runner = new QueueRunner(
      {
        ...IMPORT_STATES,
        batch: BATCH,
        // Far longer than a batch takes; a killed instance's rows wait this long for another.
        leaseMs: 60_000,
        retrySeconds: options.retrySeconds ?? [5, 30, 120],
        attempt: (rows) => this.attempt(rows),
        columns: (_row, outcome, verdict) =>
          verdict === 'retry'
            ? {}
            : {
                status: verdict === 'dead' ? 'Failed' : outcome.status,
                message: verdict === 'dead' ? `Not created: ${outcome.error ?? 'unknown error'}` : outcome.message,
                settledAt: sql`now()`,
              },
        report: (row, outcome, verdict) => {
          if (verdict !== 'done')
            options.log.warn(
              { event: 'import.row-failed', row: row.id, error: outcome.error },
              'import row not created',
            );
        },
      },
      {
        db: options.db,
        log: options.log,
        pollMs: options.pollMs ?? 1000,
        exclusive: options.exclusive,
      },
    );
  }

  start(): Promise<void> {
    return this.runner.start();
  }
  stop(): Promise<void> {
    return this.runner.stop();
  }
  kick(): void {
    this.runner.kick();
  }
  /** Waits for the round under way, then creates every due row (tests). */
  drain(): Promise<void> {
    return this.runner.drain();
  }

  /** One attempt of claimed rows (the runner's; a test calls it to race a second attempt of a row). */
  async attempt(rows: Claimed[]): Promise<Done[]> {
    const { db } = this.options;
    const imports = await db
      .select({ id: accountImports.id, ownerId: accountImports.ownerId, ip: accountImports.ip })
      .from(accountImports)
      .where(inArray(accountImports.id, [...new Set(rows.map((row) => row.importId))]));
    const owners = await db
      .select({ id: accounts.id, roles: accounts.roles, active: accounts.active })
      .from(accounts)
      .where(inArray(accounts.id, [...new Set(imports.map((record) => record.ownerId))]));
    const importOf = new Map(imports.map((record) => [record.id, record]));
    const ownerOf = new Map(owners.map((owner) => [owner.id, owner]));
    // One hash for the batch: a password nobody knows, which the mailed link replaces (argon2 is
    // slow on purpose; 10,000 of them would be most of a large import's time).
    const passwordHash = await unusablePasswordHash();
    const out: Done[] = new Array<Done>(rows.length);
    let next = 0;
    // A few rows at once, each in its own transaction: most of a row's time is round trips.
    const worker = async () => {
      while (next < rows.length) {
        const index = next++;
        // A turn of the event loop every few rows: on the embedded database a row's queries run on
        // this thread, one promise after the other, and would otherwise hold requests off for the
        // whole batch; a turn after every row costs the embedded database most of its speed
        // (docs/performance.md, "The user import").
        if (index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        const row = rows[index]!;
        const record = importOf.get(row.importId)!;
        const owner = ownerOf.get(record.ownerId);
        out[index] =
          !owner?.active || !hasPermission(owner.roles, 'child-accounts:write')
            ? { error: null, status: 'Failed', message: IMPORT_MSG.importerGone }
            : await this.createRow(row, record, passwordHash);
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency ?? ROWS_AT_ONCE }, worker));
    return out;
  }

  /** One row: its account, mail, units and audit rows, and its result, commit together or not at all. */
  private async createRow(row: Claimed, record: { id: string; ownerId: string; ip: string }, passwordHash: string) {
    const { db, mail, publicUrl, log } = this.options;
    const now = new Date();
    const settle = (tx: Database, status: ImportRowStatus, message: string, accountId: string | null) =>
      tx
        .update(accountImportRows)
        .set({ status, message, accountId, settledAt: now, claimedUntil: null })
        .where(eq(accountImportRows.id, row.id));
    try {
      return await db.transaction(async (tx) => {
        // Held until the commit: another instance that took the row after this claim's lease ran
        // out waits here, then finds it settled and leaves it as it is.
        const [held] = await tx
          .select({ status: accountImportRows.status, message: accountImportRows.message })
          .from(accountImportRows)
          .where(eq(accountImportRows.id, row.id))
          .for('update');
        if (held?.status !== 'Queued') {
          return { error: null, status: held?.status ?? 'Failed', message: held?.message ?? '' } as const;
        }
        const [pool] = row.pool
          ? await tx
              .select({ id: pools.id })
              .from(pools)
              .where(
                and(
                  eq(pools.ownerId, record.ownerId),
                  eq(pools.poolType, 'Pool'),
                  eq(sql`lower(${pools.name})`, row.pool.toLowerCase()),
                ),
              )
          : [];
        if (row.pool && !pool) throw new AppError(404, IMPORT_MSG.poolUnknown(row.pool));
        const account = await insertAccount(tx, {
          email: row.email.trim(),
          name: row.name.trim(),
          roles: [row.role as Role],
          parentId: record.ownerId,
          poolId: pool?.id ?? null,
          passwordHash,
          now,
        });
        await sendEmailValidation(tx, mail, publicUrl, account, now);
        const origin = { ip: record.ip };
        const detail = { target: account.id, import: record.id, line: row.line };
        await recordQueuedAudit(tx, log, origin, { event: 'account.create', actor: record.ownerId, at: now, detail });
        if (row.items.length > 0) {
          await allocate(tx, { actorId: record.ownerId, targetId: account.id, isUser: true, items: row.items, now });
          await recordQueuedAudit(tx, log, origin, {
            event: 'stock.allocate',
            actor: record.ownerId,
            at: now,
            detail: { ...detail, units: row.units },
          });
        }
        const message = row.units > 0 ? IMPORT_MSG.createdWithUnits(row.units) : IMPORT_MSG.created;
        await settle(tx, 'Created', message, account.id);
        return { error: null, status: 'Created', message } as const;
      });
    } catch (error) {
      // A refusal of the row's own data (4xx) is its result; anything else is retried.
      if (!(error instanceof AppError) || error.statusCode >= 500) {
        return {
          error: error instanceof Error ? error.message : String(error),
          status: 'Queued',
          message: '',
        } as const;
      }
      const status: ImportRowStatus = error.message === DUPLICATE_EMAIL ? 'Skipped' : 'Failed';
      const message = status === 'Skipped' ? IMPORT_MSG.exists : error.message;
      await db.transaction((tx) => settle(tx, status, message, null));
      return { error: null, status, message };
    }
  }
}
