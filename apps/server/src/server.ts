import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app';
import { type DatabaseHandle, openPgliteDir, openPostgres } from './db/client';
import { openReplica, type ReadReplica } from './db/replica';
import { purgeExpired } from './db/housekeeping';
import { randomDemoPassword } from './db/seed';
import { seedDemoOrganisation } from './demo-seed';
import type { Config } from './env';
import { systemClock } from './lib/clock';
import { createMailer } from './lib/mailer';
import { SecretBox } from './lib/secret-box';
import { failSilentMailboxes, resumeDemoRunningJob } from './modules/agent';

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;
const AGENT_SWEEP_EVERY_MS = 60 * 1000;

export interface RunningServer {
  app: FastifyInstance;
  handle: DatabaseHandle;
  replica?: ReadReplica;
  url: string;
  stop(): Promise<void>;
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPgliteDir(config.DATA_DIR);
}

/** Opens the database, migrates, seeds on first start, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const handle = await openDatabase(config);
  const replica = replicaOf(handle, config);
  try {
    await handle.migrate();
    const app = await buildApp(
      {
        db: handle.db,
        config,
        clock: systemClock,
        sessionPolicy: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
        mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR }),
        mailQueue: { exclusive: handle.kind === 'pglite' },
        secrets: secretBoxOf(config),
        ...(config.ALERTS_ENABLED ? { alerts: { hourUtc: config.ALERT_HOUR } } : {}),
        notices: handle.notices,
        poolStats: handle.poolStats,
        ...(replica ? { replica } : {}),
      },
      loggerOptions(config.LOG_LEVEL),
    );
    addPeriodicTasks(handle, app, config);
    if (config.SEED_DEMO) await seedOrResumeDemo(handle, app, config);
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    let stopping: Promise<void> | undefined;
    return {
      app,
      handle,
      ...(replica ? { replica } : {}),
      url,
      stop() {
        stopping ??= (async () => {
          await app.close();
          await replica?.close();
          await handle.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await replica?.close();
    await handle.close();
    throw error;
  }
}

/** The read replica beside the primary, when DATABASE_REPLICA_URL names one (decision 040). */
function replicaOf(handle: DatabaseHandle, config: Config): ReadReplica | undefined {
  if (!config.DATABASE_REPLICA_URL || !handle.pool) return undefined;
  return openReplica({
    url: config.DATABASE_REPLICA_URL,
    primary: handle.pool,
    maxLagSeconds: config.DATABASE_REPLICA_MAX_LAG_SECONDS,
  });
}

/**
 * The demo organisation on a first start (its password printed once, on the console only), or at
 * a later start the demo's running job resumed.
 */
async function seedOrResumeDemo(handle: DatabaseHandle, app: FastifyInstance, config: Config): Promise<void> {
  const password = config.DEMO_PASSWORD ?? randomDemoPassword();
  if (await seedDemoOrganisation(handle.db, password)) {
    const where = handle.kind === 'pglite' ? `in ${config.DATA_DIR}` : 'in PostgreSQL';
    const shown = config.DEMO_PASSWORD ? 'the DEMO_PASSWORD you set' : password;
    // Printed once, on the console only: the demo password is never written to the log.
    process.stdout.write(
      `\nDemo organisation created ${where}. Sign in as superadmin@, admin@, auditor@, user@, user2@ or ` +
        `secure@example.com (2FA by email) with password: ${shown}\n\n`,
    );
  } else {
    // A demo nicety: whatever goes wrong here (the demo data changed by hand, say) never stops a start.
    await resumeDemoRunningJob(handle.db, systemClock.now()).then(
      (started) => {
        if (started)
          app.log.info(
            { event: 'demo' },
            "the demo's running job had ended: admin@'s migration server started another",
          );
      },
      (err: unknown) => app.log.warn({ err }, "the demo's running job could not be resumed"),
    );
  }
}

/**
 * The retention purge and the agent's timeout sweep, as tasks of the app's scheduler (decision
 * 034): each runs on one instance per period, however many share the database.
 */
function addPeriodicTasks(handle: DatabaseHandle, app: FastifyInstance, config: Config): void {
  app.tasks.add({
    name: 'housekeeping',
    everyMs: HOUSEKEEPING_EVERY_MS,
    leaseMs: 30 * 60_000,
    run: async () => {
      const removed = await purgeExpired(handle.db, systemClock.now());
      app.log.info({ event: 'housekeeping', removed }, 'expired rows purged');
    },
  });
  // Mailboxes whose machine stopped reporting: failed, their units released (decision 018), and
  // the jobs they leave with nothing in progress ended (decision 030). Every minute, so a silent
  // mailbox holds its unit at most a minute past the timeout.
  app.tasks.add({
    name: 'agent-timeout-sweep',
    everyMs: AGENT_SWEEP_EVERY_MS,
    leaseMs: 10 * 60_000,
    run: async () => {
      const ended = await failSilentMailboxes(handle.db, systemClock.now(), config.AGENT_MAILBOX_TIMEOUT_MINUTES);
      if (ended.mailboxes > 0 || ended.jobs > 0)
        app.log.info(
          { event: 'agent-timeout', failedMailboxes: ended.mailboxes, endedJobs: ended.jobs },
          'silent mailboxes failed, silent jobs ended',
        );
    },
  });
}

/**
 * The key that seals webhook secrets (decision 033): SECRETS_KEY; on the embedded database without
 * it, a random key kept beside the data in DATA_DIR/secrets.key (created once, readable by the
 * owner only); on PostgreSQL without it, none, and webhooks cannot be registered.
 */
function secretBoxOf(config: Config): SecretBox | null {
  if (config.SECRETS_KEY) return new SecretBox(config.SECRETS_KEY);
  if (config.DATABASE_URL) return null;
  const file = path.join(config.DATA_DIR, 'secrets.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new SecretBox(fs.readFileSync(file, 'utf8').trim());
}
