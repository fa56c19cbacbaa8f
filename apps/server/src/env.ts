import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Every environment variable the server reads. The README's configuration table mirrors it. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.url().startsWith('postgres').optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SEED_DEMO: booleanString.optional(),
    DEMO_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    WEB_DIST_DIR: z.string().min(1).default(path.resolve(here, '../../web/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanString.default(false),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  })
  .transform((env) => ({ ...env, SEED_DEMO: env.SEED_DEMO ?? env.DATABASE_URL === undefined }));

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
