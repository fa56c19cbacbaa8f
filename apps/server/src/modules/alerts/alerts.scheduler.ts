import type { FastifyInstance } from 'fastify';
import type { AppDeps, RouteDeps } from '../../core/deps';
import type { Clock } from '../../lib/clock';
import { type AlertJobDeps, alertDayOf, type AlertRunOutcome, runDailyAlerts } from './alerts.check';

/** When the check runs: from which UTC hour, and how often the scheduler looks. */
export type AlertScheduleOptions = NonNullable<AppDeps['alerts']>;

const EVERY_MS = 15 * 60_000;

/**
 * Looks whether today's alert check is due and not done, and runs it. The app's task scheduler
 * (core/scheduled-tasks.ts) calls tick every `everyMs` on one instance at a time; which instance
 * runs a day's check is decided again by the database (runDailyAlerts). Each tick reads the
 * injected clock: a test moves it and calls tick().
 */
export class AlertScheduler {
  private running: Promise<AlertRunOutcome | undefined> | undefined;
  /** The last day known to be done: no query until the next one. */
  private doneDay: string | undefined;

  constructor(
    private readonly job: AlertJobDeps & { kick?: () => void },
    private readonly clock: Clock,
    private readonly options: AlertScheduleOptions,
  ) {}

  /** One look; resolves with what happened (undefined: not due yet, or already known done). */
  tick(): Promise<AlertRunOutcome | undefined> {
    this.running ??= this.look().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async look(): Promise<AlertRunOutcome | undefined> {
    const now = this.clock.now();
    const day = alertDayOf(now);
    if (now.getUTCHours() < this.options.hourUtc || this.doneDay === day) return undefined;
    // A failure throws to the task scheduler, which counts it and tries again; the run's lease
    // passes and a later tick (here or on another instance) takes it over.
    const outcome = await runDailyAlerts(this.job, now);
    if (outcome.status !== 'busy') this.doneDay = day;
    if (outcome.status === 'ran' && outcome.sent > 0) this.job.kick?.();
    return outcome;
  }
}

/** The daily alerts as a task of the app's scheduler: looked at every 15 minutes, on one instance. */
export function registerAlertScheduler(
  app: FastifyInstance,
  deps: RouteDeps,
  options: AlertScheduleOptions,
): AlertScheduler {
  const scheduler = new AlertScheduler(
    {
      db: deps.db,
      mail: deps.mail,
      kick: () => deps.mail.kick(),
      log: app.log,
      publicUrl: deps.config.PUBLIC_URL,
      defaultWindowDays: deps.config.ALERT_EXPIRY_DAYS,
    },
    deps.clock,
    options,
  );
  app.tasks.add({
    name: 'daily-alerts',
    everyMs: options.everyMs ?? EVERY_MS,
    leaseMs: 30 * 60_000,
    run: async () => {
      await scheduler.tick();
    },
  });
  return scheduler;
}
