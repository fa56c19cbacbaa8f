import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { scheduledTasks } from '../db/schema';

/** A piece of periodic work: the daily alerts' check, the agent's timeout sweep, the retention purge. */
export interface ScheduledTask {
  readonly name: string;
  /** From one run's start to the next. */
  readonly everyMs: number;
  /** How long a run may take before another instance may take the task over. */
  readonly leaseMs: number;
  /** One run; it throws to fail (the next try comes sooner, and the failure is counted). */
  run(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic tasks; add them before the app is ready. */
    tasks: TaskScheduler;
  }
}

export interface SchedulerOptions {
  /** How often this instance looks for due tasks. */
  pollMs?: number;
  /** Only this process uses the database (PGlite): claims a killed process left are void at start. */
  exclusive?: boolean;
}

const after = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;

/**
 * Runs the periodic tasks (decision 034). Each task has a row in `scheduled_tasks`, shared by every
 * instance: an instance claims a due row with FOR UPDATE SKIP LOCKED and a lease, runs the task and
 * sets its next run, so exactly one instance runs each period however many are up; an instance
 * killed mid-run leaves the lease to expire and another runs it. A failed run counts in `failures`
 * (a metric), keeps its error in `last_error` and is retried with backoff.
 */
export class TaskScheduler {
  private readonly tasks = new Map<string, ScheduledTask>();
  /** The runs under way here, one at most per task: a long task never holds another up. */
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: SchedulerOptions = {},
  ) {}

  /** Adds a task; before start only. */
  add(task: ScheduledTask): void {
    if (this.started) throw new Error(`task ${task.name} added after the scheduler started`);
    this.tasks.set(task.name, task);
  }

  names(): string[] {
    return [...this.tasks.keys()];
  }

  async start(): Promise<void> {
    this.started = true;
    const names = this.names();
    if (names.length === 0) return;
    await this.db
      .insert(scheduledTasks)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
    if (this.options.exclusive) {
      await this.db.update(scheduledTasks).set({ claimedUntil: null }).where(inArray(scheduledTasks.name, names));
    }
    this.timer = setInterval(() => void this.tick(), this.options.pollMs ?? 15_000);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Runs every task that is due and not running, here or elsewhere; resolves when those runs end. */
  async tick(): Promise<void> {
    await Promise.all(this.names().map((name) => this.runIfDue(name)));
  }

  /** Makes a task due now and runs it here, unless it is running already (tests, operators). */
  async runNow(name: string): Promise<boolean> {
    const running = this.inFlight.get(name);
    if (running) return running.then(() => false);
    await this.db
      .update(scheduledTasks)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledTasks.name, name));
    return this.runIfDue(name);
  }

  /** The task's run under way here, or a new one if it is due and no instance holds it. */
  private runIfDue(name: string): Promise<boolean> {
    const running = this.inFlight.get(name);
    if (running) return running;
    const run = this.claimAndRun(this.tasks.get(name)!)
      .catch((err: unknown) => {
        this.log.error({ err, event: 'task.look-failed', task: name }, 'scheduled task could not be looked at');
        return false;
      })
      .finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, run);
    return run;
  }

  /**
   * Claims the task if it is due and no instance holds it (its lease counted from now, and its
   * next run set a period on), runs it, and records the outcome under that claim only: a run that
   * outlived its lease does not clear the claim of the instance that took over.
   */
  private async claimAndRun(task: ScheduledTask): Promise<boolean> {
    const due = this.db
      .select({ name: scheduledTasks.name })
      .from(scheduledTasks)
      .where(
        and(
          eq(scheduledTasks.name, task.name),
          lte(scheduledTasks.nextRunAt, sql`now()`),
          or(isNull(scheduledTasks.claimedUntil), lte(scheduledTasks.claimedUntil, sql`now()`)),
        ),
      )
      .for('update', { skipLocked: true });
    const [claim] = await this.db
      .update(scheduledTasks)
      .set({
        // Whole milliseconds, so that the Date read back names this claim exactly.
        claimedUntil: sql`date_trunc('milliseconds', ${after(task.leaseMs)})`,
        lastStartedAt: sql`now()`,
        runs: sql`${scheduledTasks.runs} + 1`,
        nextRunAt: after(task.everyMs),
      })
      .where(inArray(scheduledTasks.name, due))
      .returning({ until: scheduledTasks.claimedUntil });
    if (!claim?.until) return false;
    const ours = and(eq(scheduledTasks.name, task.name), eq(scheduledTasks.claimedUntil, claim.until));
    try {
      await task.run();
      const [kept] = await this.db
        .update(scheduledTasks)
        .set({ claimedUntil: null, failures: 0, lastError: null, lastSucceededAt: sql`now()` })
        .where(ours)
        .returning({ name: scheduledTasks.name });
      if (!kept) this.lostClaim(task);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      // The claim set the next run a period away; a failure brings it nearer: 1 minute, 2, 4, …
      const [row] = await this.db
        .update(scheduledTasks)
        .set({
          claimedUntil: null,
          failures: sql`${scheduledTasks.failures} + 1`,
          lastError: error.slice(0, 500),
          nextRunAt: sql`least(${scheduledTasks.nextRunAt}, now() + interval '1 minute' * power(2, least(${scheduledTasks.failures}, 20)))`,
        })
        .where(ours)
        .returning({ failures: scheduledTasks.failures, nextRunAt: scheduledTasks.nextRunAt });
      if (!row) this.lostClaim(task);
      this.log.error(
        { err, event: 'task.failed', task: task.name, failures: row?.failures, nextRunAt: row?.nextRunAt },
        'scheduled task failed',
      );
    }
    return true;
  }

  private lostClaim(task: ScheduledTask): void {
    this.log.warn(
      { event: 'task.lease-lost', task: task.name, leaseMs: task.leaseMs },
      'scheduled task outlived its lease; its outcome is not recorded',
    );
  }
}
