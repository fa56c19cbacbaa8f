import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client';
import * as schema from './schema';

/** Where the read handle's queries go now, and why (decision 040). */
export interface ReplicaStatus {
  /** True while reads go to the replica; false while they go to the primary. */
  inUse: boolean;
  /** How stale the replica's data is at most, in seconds; null when it could not be measured. */
  lagSeconds: number | null;
  /** Why the replica is skipped, or 'healthy'. */
  reason: string;
  /** Queries the replica failed that were answered by the primary instead, since start. */
  fallbacks: number;
}

/** The logger the replica reports its state changes to (the app's pino logger fits). */
export interface ReplicaLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ReplicaOptions {
  /** The standby's address (DATABASE_REPLICA_URL). */
  url: string;
  /** The primary's pool: what the read handle falls back to. */
  primary: pg.Pool;
  /** Further behind than this, the replica is skipped (DATABASE_REPLICA_MAX_LAG_SECONDS). */
  maxLagSeconds: number;
  /** How often the health check runs (default 2 s). */
  checkEveryMs?: number;
  poolSize?: number;
  /** A connection or a health check that takes longer fails (default 2 s). */
  timeoutMs?: number;
}

/** The read handle over a streaming standby, with its health check (decision 040). */
export interface ReadReplica {
  /** A read-only Drizzle handle: the replica while it is healthy, else the primary. No transactions. */
  db: Database;
  status(): ReplicaStatus;
  /** Runs the health check now (the timer runs it every `checkEveryMs` once started). */
  check(): Promise<ReplicaStatus>;
  /** Starts the periodic check (an unref'd timer); state changes are logged to `log`. */
  start(log: ReplicaLog): void;
  /** Stops the periodic check. */
  stop(): void;
  /** Stops the check and closes the replica's connections. */
  close(): Promise<void>;
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The replica cannot be reached or is shutting down: skip it until a check finds it healthy. */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_ERRORS.has(code) || code.startsWith('08') || code.startsWith('57P')))
    return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout/i.test(
    error.message,
  );
}

/** A failure the primary would not have: the replica's connection, or a conflict with its recovery (40001). */
function answerFromPrimary(error: unknown): boolean {
  return isConnectionFailure(error) || (error as { code?: unknown } | null)?.code === '40001';
}

interface LsnSample {
  at: number;
  lsn: bigint;
}

/** A WAL position as PostgreSQL prints it (`16/B374D848`), as a number. */
export function lsnOf(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How stale the replica's data is at most, in seconds. The primary's WAL position is sampled at each
 * check: a replica that replayed up to a sample holds every commit made before that sample's time.
 * Caught up with the newest sample, it is 0, however long ago the last commit was (an idle primary
 * makes `now() - pg_last_xact_replay_timestamp()` grow while nothing is missing). `sinceReplay`
 * (the replica's own `now() - pg_last_xact_replay_timestamp()`) tightens the bound on a busy primary.
 */
export function lagSecondsOf(replayed: bigint, samples: readonly LsnSample[], now: number, sinceReplay: number | null) {
  const newest = samples.at(-1);
  if (!newest || replayed >= newest.lsn) return 0;
  for (let i = samples.length - 1; i >= 0; i -= 1) {
    const sample = samples[i] as LsnSample;
    if (sample.lsn <= replayed) return Math.min((now - sample.at) / 1000, sinceReplay ?? Infinity);
  }
  // Behind every sample kept: at least as old as the oldest.
  return Math.max((now - (samples[0] as LsnSample).at) / 1000, sinceReplay ?? 0);
}

// The insert position: a commit is there before its WAL is written or flushed (synchronous_commit = off).
const PRIMARY_CHECK = `SELECT pg_current_wal_insert_lsn()::text AS lsn`;
const REPLICA_CHECK = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
  extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS since_replay`;

interface Probed {
  inUse: boolean;
  reason: string;
  lagSeconds: number | null;
  samples: LsnSample[];
}

/** One health check: the primary's WAL position sampled, then the replica's state and replay position. */
async function probe(
  primary: pg.Pool,
  replica: pg.Pool,
  kept: LsnSample[],
  bounds: { maxLagSeconds: number; everyMs: number; timeoutMs: number },
): Promise<Probed> {
  let samples = kept;
  try {
    const now = Date.now();
    const { rows } = await primary.query<{ lsn: string }>(PRIMARY_CHECK);
    // Kept for as long as a lag within the bound can reach back, and one more.
    samples = [...kept, { at: now, lsn: lsnOf(rows[0]?.lsn ?? '0/0') }].filter(
      (sample, i, all) => i >= all.length - 2 || now - sample.at <= bounds.maxLagSeconds * 1000 + bounds.everyMs,
    );
    const answer = await replica.query<{ standby: boolean; replayed: string | null; since_replay: number | null }>({
      text: REPLICA_CHECK,
      query_timeout: bounds.timeoutMs,
    } as pg.QueryConfig);
    const row = answer.rows[0];
    if (!row?.standby) return { inUse: false, reason: 'not a standby: it accepts writes', lagSeconds: null, samples };
    if (row.replayed === null) return { inUse: false, reason: 'has replayed nothing yet', lagSeconds: null, samples };
    const lag = lagSecondsOf(lsnOf(row.replayed), samples, Date.now(), row.since_replay);
    if (lag > bounds.maxLagSeconds)
      return { inUse: false, reason: `behind by more than ${bounds.maxLagSeconds} s`, lagSeconds: lag, samples };
    return { inUse: true, reason: 'healthy', lagSeconds: lag, samples };
  } catch (error) {
    const reason = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    return { inUse: false, reason, lagSeconds: null, samples };
  }
}

/**
 * Opens the replica's pool beside the primary's. Nothing is read from it until a health check
 * finds it a standby within `maxLagSeconds`; until then, and whenever it fails, reads go to the primary.
 */
export function openReplica(options: ReplicaOptions): ReadReplica {
  const { primary, maxLagSeconds } = options;
  const everyMs = options.checkEveryMs ?? 2000;
  const timeoutMs = options.timeoutMs ?? 2000;
  const replica = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeoutMs,
  });
  // An idle connection the standby drops (a restart, a stop) must not crash the process.
  replica.on('error', () => undefined);
  let state: ReplicaStatus = { inUse: false, lagSeconds: null, reason: 'not checked yet', fallbacks: 0 };
  let log: ReplicaLog | undefined;
  // The state last logged: a warning once per change, the first check's included.
  let announced: boolean | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ReplicaStatus> | undefined;
  let samples: LsnSample[] = [];

  const set = (inUse: boolean, reason: string, lagSeconds: number | null) => {
    state = { ...state, inUse, reason, lagSeconds };
    if (inUse === announced || !log) return;
    announced = inUse;
    const details = { event: 'db-replica', reason, lagSeconds };
    if (inUse) log.info(details, 'the read replica is in use: reports read from it');
    else log.warn(details, 'the read replica is skipped: reports read from the primary');
  };

  async function measure(): Promise<ReplicaStatus> {
    const found = await probe(primary, replica, samples, { maxLagSeconds, everyMs, timeoutMs });
    samples = found.samples;
    set(found.inUse, found.reason, found.lagSeconds);
    return state;
  }

  // What Drizzle sees as its client: each query goes to the replica while it is in use, else to
  // the primary; a query the replica fails for want of a connection is answered by the primary.
  const router = {
    async query(config: pg.QueryConfig, values?: unknown[]) {
      if (!state.inUse) return primary.query(config, values);
      try {
        return await replica.query(config, values);
      } catch (error) {
        if (!answerFromPrimary(error)) throw error;
        state.fallbacks += 1;
        if (isConnectionFailure(error)) set(false, `failed a query: ${(error as Error).message}`, null);
        return primary.query(config, values);
      }
    },
  };
  const db = drizzle({ client: router as unknown as pg.Pool, schema }) as unknown as Database;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    db,
    status: () => ({ ...state }),
    check() {
      running ??= measure().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(logger) {
      log = logger;
      if (timer) return;
      void this.check();
      timer = setInterval(() => void this.check(), everyMs);
      timer.unref();
    },
    stop,
    async close() {
      stop();
      await running;
      await replica.end();
    },
  };
}
