import type { FastifyInstance } from 'fastify';
import type { AppDeps, RouteDeps } from '../../core/deps';
import type { Clock } from '../../lib/clock';
import { type AlertJobDeps, alertDayOf, type AlertRunOutcome, runDailyAlerts } from './alerts.check';

/** When the check runs: from which UTC hour, and how often the scheduler looks. */
export type AlertScheduleOptions = NonNullable<AppDeps['alerts']>;

const EVERY_MS = 15 * 60_000;

/**
 * Looks every `everyMs` (and at start) whether today's alert check is due and not done, and runs
 * it; which instance runs it is decided by the database (runDailyAlerts), so every instance can
 * run a scheduler. Each tick reads the injected clock: a test moves it and calls tick().
 */
export class AlertScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<AlertRunOutcome | undefined> | undefined;
  /** The last day known to be done: no query until the next one. */
  private doneDay: string | undefined;

  constructor(
    private readonly job: AlertJobDeps & { kick?: () => void },
    private readonly clock: Clock,
    private readonly options: AlertScheduleOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.everyMs ?? EVERY_MS);
    this.timer.unref();
    void this.tick();
  }

  /** One look; resolves with what happened (undefined: not due yet, or already known done). */
  tick(): Promise<AlertRunOutcome | undefined> {
    this.running ??= this.look().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async look(): Promise<AlertRunOutcome | undefined> {
    const now = this.clock.now();
    const day = alertDayOf(now);
    if (now.getUTCHours() < this.options.hourUtc || this.doneDay === day) return undefined;
    try {
      const outcome = await runDailyAlerts(this.job, now);
      if (outcome.status !== 'busy') this.doneDay = day;
      if (outcome.status === 'ran' && outcome.sent > 0) this.job.kick?.();
      return outcome;
    } catch (err) {
      // The run's lease passes and a later tick (here or on another instance) takes it over.
      this.job.log.error({ err, event: 'alerts.failed', day }, 'daily alert check failed');
      return undefined;
    }
  }
}

/** Starts the scheduler when the app is ready and stops it, waiting for a run, when the app closes. */
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
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
}
