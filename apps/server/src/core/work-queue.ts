import { and, asc, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { NoticeSource } from '../db/notices';

/**
 * The one mechanism behind the portal's queued background work (decision 034): the mail outbox
 * and the webhook deliveries are kinds of it; the periodic tasks are in scheduled-tasks.ts.
 *
 * A kind's rows live in a table of its own, written in the transaction of the change that causes
 * them (so a crash never loses or invents one), and carry the same four columns: `attempts`,
 * `next_attempt_at`, `claimed_until` and `last_error`. This runner owns everything else: it claims
 * due rows with FOR UPDATE SKIP LOCKED and a lease (one instance tries each attempt; a killed one's
 * lease expires and the row is tried again), tries them, and records the outcome in one
 * transaction: done, retried after the kind's schedule, or dead once the schedule is spent. Dead
 * rows stay in the table with their last error (the dead-letter state), counted in the metrics and
 * listed by `npm run queue`.
 */
export type QueueTable = PgTable & {
  id: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  claimedUntil: PgColumn;
  lastError: PgColumn;
};

/** What one attempt came to: null error is success; null outcome, a row gone meanwhile. */
export interface Attempt {
  error: string | null;
}

export type Verdict = 'done' | 'retry' | 'dead';

/** A kind's rows and their states: what the metrics and `npm run queue` read. */
export interface QueueStates<T extends QueueTable = QueueTable> {
  /** The label of its metrics and log lines: `mail`, `webhook`. */
  readonly name: string;
  readonly table: T;
  /** Rows still to be tried (whatever their due time). */
  readonly pending: SQL;
  /** Rows given up on: the dead letters. */
  readonly dead: SQL;
  /** A line that tells an operator which row it is (never a body or secret). */
  readonly label: SQL;
}

export interface QueueKind<
  T extends QueueTable,
  Row extends { id: unknown; attempts: number },
  O extends Attempt,
> extends QueueStates<T> {
  /** Rows claimed at once; the kind tries them one by one or together. */
  readonly batch: number;
  /** How long a claim lasts: longer than any attempt may take. */
  readonly leaseMs: number;
  /** Seconds before the retry that follows attempt n (at index n - 1); past its end, dead. */
  readonly retrySeconds: readonly number[];
  /** Tries the claimed rows; answers each one's outcome, in order (null: nothing to record). */
  attempt(rows: Row[]): Promise<(O | null)[]>;
  /** The kind's own columns for an outcome, written with the runner's in one statement. */
  columns(row: Row, outcome: O, verdict: Verdict): Record<string, unknown>;
  /** What else an outcome changes (the kind's other tables), in the same transaction. */
  after?(tx: Database, row: Row, outcome: O, verdict: Verdict): Promise<void>;
  /** Logs the outcome once recorded (never a body or secret). */
  report(row: Row, outcome: O, verdict: Verdict, retryInSeconds: number | undefined): void;
}

export interface RunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How often the table is read for due rows (also those another instance wrote). */
  pollMs: number;
  /** Only this process uses the database (PGlite): claims a killed process left are void at start. */
  exclusive?: boolean;
  /** A database channel whose notices mean "rows were written": the runner looks at once. */
  wakeOn?: { notices: NoticeSource | undefined; channel: string };
  /** Rows waiting for a retry are due at once at start (a restart often follows a fix). */
  retryAtStart?: boolean;
}

/** Counts of what this instance's runners did, for the metrics. */
export interface RunnerCounts {
  done: number;
  retried: number;
  dead: number;
}

export type AnyQueueRunner = QueueRunner<QueueTable, { id: unknown; attempts: number }, Attempt>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's queue runners, one per kind (the metrics read their depth and counts). */
    queues: AnyQueueRunner[];
  }
}

const after = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;

export class QueueRunner<T extends QueueTable, Row extends { id: unknown; attempts: number }, O extends Attempt> {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private subscription: { close(): Promise<void> } | undefined;
  /** Once stopped, a kick (a route's "rows were written") waits for the next start. */
  private stopped = false;
  readonly counts: RunnerCounts = { done: 0, retried: 0, dead: 0 };

  constructor(
    readonly kind: QueueKind<T, Row, O>,
    private readonly options: RunnerOptions,
  ) {}

  /** Starts trying: now, every `pollMs`, at each notice on the wake channel, and at each kick. */
  async start(): Promise<void> {
    const { db, exclusive, retryAtStart, wakeOn, pollMs } = this.options;
    const { table } = this.kind;
    this.stopped = false;
    if (exclusive) {
      await db
        .update(table)
        .set({ claimedUntil: null } as never)
        .where(sql`${table.claimedUntil} IS NOT NULL`);
    }
    if (retryAtStart) {
      await db
        .update(table)
        .set({ nextAttemptAt: sql`now()` } as never)
        .where(and(this.kind.pending, sql`${table.nextAttemptAt} > now()`));
    }
    if (wakeOn?.notices) {
      this.subscription = await wakeOn.notices.listen(wakeOn.channel, {
        message: () => this.kick(),
        ready: () => this.kick(),
        lost: () => undefined,
      });
    }
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  /** One round at a time; a kick during a round asks for another. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .then(
        () => undefined,
        (err: unknown) =>
          this.options.log.error({ err, event: `${this.kind.name}.round-failed` }, `${this.kind.name} round failed`),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the current round, then tries whatever is due now. */
  async drain(): Promise<void> {
    await this.running;
    await this.runDue();
  }

  /** Stops looking and waits for the round under way; unfinished rows stay for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.subscription?.close();
    await this.running;
  }

  /** Tries every due row, a batch at a time; answers how many were tried. */
  async runDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return tried;
      const outcomes = await this.kind.attempt(batch);
      const settled = batch.flatMap((row, index) => {
        const outcome = outcomes[index];
        return outcome ? [this.verdictOf(row, outcome)] : [];
      });
      await this.settle(settled);
      tried += batch.length;
    }
  }

  private claim(): Promise<Row[]> {
    const { db } = this.options;
    const { table, pending, batch, leaseMs } = this.kind;
    const source: PgTable = table;
    const due = db
      .select({ id: table.id })
      .from(source)
      .where(
        and(
          pending,
          lte(table.nextAttemptAt, sql`now()`),
          or(isNull(table.claimedUntil), lte(table.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(table.nextAttemptAt), asc(table.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    return db
      .update(table)
      .set({ claimedUntil: after(leaseMs), attempts: sql`${table.attempts} + 1` } as never)
      .where(inArray(table.id, due))
      .returning() as unknown as Promise<Row[]>;
  }

  private verdictOf(row: Row, outcome: O): Settled<Row, O> {
    const wait = outcome.error === null ? undefined : this.kind.retrySeconds[row.attempts - 1];
    const verdict: Verdict = outcome.error === null ? 'done' : wait === undefined ? 'dead' : 'retry';
    return { row, outcome, verdict, wait };
  }

  /**
   * Records a batch's outcomes in one transaction (one commit, not one per row). Should that
   * fail, each row is recorded in its own, so one bad row does not send the others again.
   */
  private async settle(settled: Settled<Row, O>[]): Promise<void> {
    if (settled.length === 0) return;
    let recorded = settled;
    try {
      await this.options.db.transaction(async (tx) => {
        for (const each of settled) await this.write(tx, each);
      });
    } catch (error) {
      if (settled.length === 1) throw error;
      recorded = [];
      for (const each of settled) {
        try {
          await this.options.db.transaction((tx) => this.write(tx, each));
          recorded.push(each);
        } catch (err) {
          // The claim's lease passes and the row is tried again.
          this.options.log.error(
            { err, event: `${this.kind.name}.record-failed`, id: each.row.id },
            `${this.kind.name} outcome not recorded`,
          );
        }
      }
    }
    for (const { row, outcome, verdict, wait } of recorded) {
      this.counts[verdict === 'retry' ? 'retried' : verdict] += 1;
      this.kind.report(row, outcome, verdict, wait);
    }
  }

  private async write(tx: Database, { row, outcome, verdict, wait }: Settled<Row, O>): Promise<void> {
    const { table } = this.kind;
    await tx
      .update(table)
      .set({
        claimedUntil: null,
        lastError: outcome.error?.slice(0, 500) ?? null,
        ...(verdict === 'retry' ? { nextAttemptAt: after(wait! * 1000) } : {}),
        ...this.kind.columns(row, outcome, verdict),
      } as never)
      .where(sql`${table.id} = ${row.id}`);
    await this.kind.after?.(tx, row, outcome, verdict);
  }
}

interface Settled<Row, O> {
  row: Row;
  outcome: O;
  verdict: Verdict;
  wait: number | undefined;
}

/**
 * Rows of every kind by state, for the metrics: pending rows through the kind's partial index of
 * due rows, dead rows by their own condition (mail's are purged by the retention sweep).
 */
export async function queueDepths(
  db: Database,
  kinds: readonly QueueStates[],
): Promise<{ kind: string; state: 'pending' | 'dead'; count: number }[]> {
  const out: { kind: string; state: 'pending' | 'dead'; count: number }[] = [];
  for (const kind of kinds) {
    for (const state of ['pending', 'dead'] as const) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(kind.table)
        .where(kind[state]);
      out.push({ kind: kind.name, state, count: row?.count ?? 0 });
    }
  }
  return out;
}

export interface DeadLetter {
  kind: string;
  id: string;
  label: string;
  attempts: number;
  lastError: string | null;
}

/** A kind's dead rows, newest first: what gave up, after how many attempts, and why. */
export async function deadLetters(db: Database, kind: QueueStates, limit = 50): Promise<DeadLetter[]> {
  const { table } = kind;
  const rows = await db
    .select({
      id: sql<string>`${table.id}::text`,
      label: sql<string>`${kind.label}`,
      attempts: sql<number>`${table.attempts}`,
      lastError: sql<string | null>`${table.lastError}`,
    })
    .from(table)
    .where(kind.dead)
    .orderBy(sql`${table.nextAttemptAt} DESC`)
    .limit(limit);
  return rows.map((row) => ({ kind: kind.name, ...row }));
}

/** A doubling schedule: `base` seconds, twice that, … at most `max`, for `retries` retries. */
export function doublingSchedule(baseSeconds: number, maxSeconds: number, retries: number): number[] {
  return Array.from({ length: Math.max(0, retries) }, (_, n) => Math.min(baseSeconds * 2 ** n, maxSeconds));
}
