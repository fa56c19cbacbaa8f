import { z } from 'zod';
import { defaultWebDistDir } from './paths';

const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Every environment variable the server reads. The README's configuration table mirrors it. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z.url().startsWith('postgres').optional(),
    /** A streaming standby of DATABASE_URL that reports, exports and charts read from (decision 040). */
    DATABASE_REPLICA_URL: z.url().startsWith('postgres').optional(),
    /** A replica further behind than this (or unreachable) is skipped: its reads go to the primary. */
    DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    DATA_DIR: z.string().min(1).default('./data'),
    SEED_DEMO: booleanString.optional(),
    DEMO_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
    PUBLIC_URL: z.url().optional(),
    /** The origin passkeys are bound to (decision 037); its host name is the relying party id. */
    WEBAUTHN_ORIGIN: z.url().optional(),
    WEB_DIST_DIR: z.string().min(1).default(defaultWebDistDir),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** false, true (every hop: only behind a proxy that overwrites X-Forwarded-For), or a hop count. */
    TRUST_PROXY: z.union([booleanString, z.coerce.number().int().min(1).max(10)]).default(false),
    /** Sign-in, reset-link and confirm-link requests a minute from one client address. */
    RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
    /** Live sessions each instance keeps in memory (core/session-cache.ts); 0 reads every one from the database. */
    SESSION_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
    /** A mailbox the migration agent has not reported on for this long is failed and its unit released. */
    AGENT_MAILBOX_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    /** The bearer token Prometheus sends to /api/metrics; unset, there is no such route. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
    /** A secret the API keys' hashes are keyed with (decision 032); changing it retires every key. */
    API_KEY_PEPPER: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
    /** Requests a minute one API key may make on one instance; more are answered 429 with Retry-After. */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
    /** Encrypts the secrets the server must read again (webhook signing secrets, decision 033). */
    SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
    /** Webhooks may target loopback and private networks (and plain http there); metadata addresses never. */
    WEBHOOK_ALLOW_PRIVATE_URLS: booleanString.default(false),
    /** Seconds before each retry of a failed webhook delivery, comma-separated (about a day by default). */
    WEBHOOK_RETRY_SECONDS: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be whole seconds, comma-separated')
      .default('5,60,300,1800,7200,18000,36000,36000')
      .transform((value) => value.split(',').map(Number)),
    /** An endpoint failing this long (every attempt) is disabled and its Admin mailed. */
    WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().int().min(1).max(720).default(72),
    /** A delivery is a success when a 2xx answer comes within this many seconds. */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
    /**
     * Single sign-on may use an identity provider on loopback or a private network, over plain http
     * there (tests, a lab); metadata addresses never (decision 038).
     */
    SSO_ALLOW_PRIVATE_ISSUERS: booleanString.default(false),
    /** The daily expiry and low-stock alert mails (decision 027): on, from which hour (UTC), the default window. */
    ALERTS_ENABLED: booleanString.default(true),
    ALERT_HOUR: z.coerce.number().int().min(0).max(23).default(6),
    ALERT_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SMTP_URL: z.url().startsWith('smtp').optional(),
    MAIL_FROM: z.string().min(3).default('License Portal <no-reply@localhost>'),
    DOWNLOAD_URL: z.url().default('https://downloads.example.com/migration-agent/latest'),
    /**
     * Worker threads for CPU work off the request thread: the job PDF's layout and the password
     * strength check (decision 039); 0 runs them on the request thread.
     */
    CPU_WORKER_THREADS: z.coerce.number().int().min(0).max(16).default(2),
    /** How much lower the threads that lay out PDFs run (a nice increment, 0 to 19; decision 039). */
    CPU_BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).default(10),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(128).default(12),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(0).max(1024).default(128),
    PASSWORD_REQUIRE_UPPERCASE: booleanString.default(false),
    PASSWORD_REQUIRE_LOWERCASE: booleanString.default(false),
    PASSWORD_REQUIRE_DIGIT: booleanString.default(false),
    PASSWORD_REQUIRE_SPECIAL: booleanString.default(false),
  })
  .refine((env) => env.PASSWORD_MAX_LENGTH === 0 || env.PASSWORD_MAX_LENGTH >= env.PASSWORD_MIN_LENGTH, {
    message: 'must be 0 (no maximum) or at least PASSWORD_MIN_LENGTH',
    path: ['PASSWORD_MAX_LENGTH'],
  })
  .refine((env) => env.DATABASE_REPLICA_URL === undefined || env.DATABASE_URL !== undefined, {
    message: 'needs DATABASE_URL (the embedded database has no replica)',
    path: ['DATABASE_REPLICA_URL'],
  })
  .transform((env) => {
    const embedded = env.DATABASE_URL === undefined;
    return {
      ...env,
      SEED_DEMO: env.SEED_DEMO ?? embedded,
      // The embedded default prints its demo password: reachable from this machine only unless asked.
      HOST: env.HOST ?? (embedded ? '127.0.0.1' : '0.0.0.0'),
      // Mailed links follow the port the portal listens on.
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      WEBAUTHN_ORIGIN: new URL(env.WEBAUTHN_ORIGIN ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    };
  });

export type Config = z.infer<typeof envSchema>;

/** Parses the environment once; a bad value throws an error that names the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
