import type { Database } from '../db/client';
import type { NoticeSource } from '../db/notices';
import type { ReadReplica } from '../db/replica';
import type { Config } from '../env';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import type { SecretBox } from '../lib/secret-box';
import type { CpuPool } from './cpu-pool';
import type { MailQueue, MailQueueOptions } from './mail-outbox';
import type { SessionPolicy } from './session';

/** What every route handler may use; built once at start (and by the tests). */
export interface AppDeps {
  /** The primary: every write, and every read that decides access or follows a write. */
  db: Database;
  /**
   * The read replica (DATABASE_REPLICA_URL, decision 040): its read handle, health and metrics.
   * Absent, reports read from the primary.
   */
  replica?: ReadReplica;
  config: Config;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  mailer: Mailer;
  /** Timings of the mail outbox; `exclusive` when no other process uses the database. */
  mailQueue?: MailQueueOptions;
  /** The database's LISTEN/NOTIFY: with it, sessions are cached in memory (core/session-cache.ts). */
  notices?: NoticeSource;
  /** The daily alert check's schedule (decision 027); absent, this process runs no scheduler (the tests). */
  alerts?: {
    /** The hour of the day (UTC, 0 to 23) from which the day's check runs. */
    hourUtc: number;
    /** How often the scheduler looks whether the day's check is due (default 15 minutes). */
    everyMs?: number;
  };
  /**
   * Seals the secrets the server reads again (webhook signing secrets, decision 033): from
   * SECRETS_KEY, or the embedded database's key file; null when neither is there.
   */
  secrets?: SecretBox | null;
  /** How often the webhook dispatcher looks for due deliveries (default a second). */
  webhookPollMs?: number;
  /** Connections of the PostgreSQL pool, for /api/metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** What route modules receive: the app's dependencies and the queue that sends mail. */
export interface RouteDeps extends AppDeps {
  mail: MailQueue;
  /**
   * Read-only, for the reads decision 040 lists (reports, exports, the consumption chart, the usage
   * report): the replica while it is healthy, else the primary (`db` when none is configured or on
   * the embedded database). Never for a write, a transaction, or a read that follows a write.
   */
  reportsDb: Database;
  /** The worker threads for CPU work (decision 039); null with CPU_WORKER_THREADS=0. */
  cpu: CpuPool | null;
}

/**
 * Work a caller adds to a service's own success transaction, such as its audit row: it commits
 * with the change, or neither does. For services that must keep other work outside that
 * transaction (attempt counters a failure commits, a slow password hash).
 */
export type InTransaction<T> = (tx: Database, done: T) => Promise<void>;
