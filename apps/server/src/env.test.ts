import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('has working defaults: embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      SEED_DEMO: true,
      PASSWORD_MIN_LENGTH: 12,
      PASSWORD_MAX_LENGTH: 128,
    });
  });

  it('listens on loopback only for the embedded default, unless HOST is set', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('derives PUBLIC_URL from PORT unless it is set', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9090' }).PUBLIC_URL).toBe('http://localhost:9090');
    expect(loadConfig({ PORT: '9090', PUBLIC_URL: 'https://portal.example.com' }).PUBLIC_URL).toBe(
      'https://portal.example.com',
    );
  });

  it('does not seed demo data into a real PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('stops with a message naming each bad variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DEMO_PASSWORD: 'short', SEED_DEMO: 'yes', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'DEMO_PASSWORD', 'SEED_DEMO', 'DATABASE_URL']) expect(message).toContain(name);
  });

  it('takes a read replica only beside DATABASE_URL', () => {
    const replica = 'postgres://u@standby/db';
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica })).toThrow(/DATABASE_REPLICA_URL: needs DATABASE_URL/);
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_REPLICA_URL: replica });
    expect(config.DATABASE_REPLICA_URL).toBe(replica);
    expect(config.DATABASE_REPLICA_MAX_LAG_SECONDS).toBe(30);
  });

  it('refuses a maximum password length below the minimum', () => {
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '20', PASSWORD_MAX_LENGTH: '16' })).toThrow(/PASSWORD_MAX_LENGTH/);
    expect(loadConfig({ PASSWORD_MAX_LENGTH: '0' }).PASSWORD_MAX_LENGTH).toBe(0);
  });
});
