import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openPostgres } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/env';
import { systemClock } from '../apps/server/src/lib/clock';
import { createMailer } from '../apps/server/src/lib/mailer';

/**
 * The Users and pools lists of a 10,000-account organisation, each page through the API
 * against the bare SQL of the same page, one request at a time, alternating, in one run.
 *
 * The bare SQL is not a copy: the portal's own app is built here over a database whose logger
 * captures every statement, the page is asked for twice, and the statements of the second answer
 * (the session then comes from the cache) are replayed as they are, with their parameters, on one
 * connection. A page that runs its count as a second statement replays both.
 */
export const LIST_GOAL = 1.5;

export interface ListFigures {
  name: string;
  statements: number;
  api: { p50: number; p95: number };
  sql: { p50: number; p95: number };
  errors: number;
}

interface Statement {
  text: string;
  values: unknown[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

export interface ListTokens {
  admin: string;
  superAdmin: string;
}

/** Each page: its name, address, and whose (the Users list is the admin's; all accounts, the SuperAdmin's). */
export const LIST_PAGES: [string, string, keyof ListTokens][] = [
  ['Users, page 1 of 10 rows', '/api/User/child-accounts?pageNumber=1&pageSize=10', 'admin'],
  ['Users, search "user 77"', '/api/User/child-accounts?pageNumber=1&pageSize=10&search=user%2077', 'admin'],
  ['Users, page 500 of 10 rows', '/api/User/child-accounts?pageNumber=500&pageSize=10', 'admin'],
  ['Pools, page 1 of 50', '/api/LicensePool?poolType=Pool&pageNumber=1&pageSize=50', 'admin'],
  ['Pools, page 4 of 50', '/api/LicensePool?poolType=Pool&pageNumber=4&pageSize=50', 'admin'],
  ['All accounts, page 1 by name', '/api/User/accounts?pageNumber=1&pageSize=50', 'superAdmin'],
  [
    'All accounts, email desc, page 40',
    '/api/User/accounts?pageNumber=40&pageSize=50&sortBy=email&sortOrder=desc',
    'superAdmin',
  ],
  ['All accounts, search "admin 9"', '/api/User/accounts?pageNumber=1&pageSize=50&search=admin%209', 'superAdmin'],
];

/** The statements the portal runs for each page, captured from its own app over `databaseUrl`. */
async function capture(databaseUrl: string, tokens: ListTokens): Promise<Statement[][]> {
  let log: Statement[] | null = null;
  const handle = openPostgres(databaseUrl, 2, {
    logQuery: (text, values) => log?.push({ text, values }),
  });
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: os.tmpdir(), WEB_DIST_DIR: os.tmpdir() });
  const app = await buildApp({
    db: handle.db,
    config,
    clock: systemClock,
    sessionPolicy: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
    mailer: createMailer({ from: config.MAIL_FROM, dataDir: os.tmpdir() }),
    notices: handle.notices,
  });
  await app.ready();
  try {
    const pages: Statement[][] = [];
    for (const [name, url, as] of LIST_PAGES) {
      const ask = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
      await ask();
      log = [];
      const res = await ask();
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      pages.push(log);
      log = null;
    }
    return pages;
  } finally {
    await app.close();
    await handle.close();
  }
}

async function timeApi(url: string, token: string): Promise<number> {
  const at = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { success: boolean; data?: unknown[] };
  const ms = performance.now() - at;
  if (!res.ok || !json.success || !json.data?.length) throw new Error(`${url}: ${res.status}`);
  return ms;
}

async function timeSql(client: pg.Client, statements: Statement[]): Promise<number> {
  const at = performance.now();
  for (const statement of statements) await client.query(statement.text, statement.values);
  return performance.now() - at;
}

/** `portalUrl` serves `databaseUrl`; `tokens` are the organisation's top Admin's and the SuperAdmin's. */
export async function measureLists(
  portalUrl: string,
  databaseUrl: string,
  tokens: ListTokens,
  requests = 300,
): Promise<ListFigures[]> {
  const captured = await capture(databaseUrl, tokens);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const figures: ListFigures[] = [];
    for (const [index, [name, path, as]] of LIST_PAGES.entries()) {
      const token = tokens[as];
      const statements = captured[index] ?? [];
      const api: number[] = [];
      const bare: number[] = [];
      let errors = 0;
      for (let i = 0; i < 20; i += 1) {
        await timeApi(`${portalUrl}${path}`, token).catch(() => undefined);
        await timeSql(client, statements);
      }
      // Alternating, one at a time: both sides see the same moments of a noisy machine.
      for (let i = 0; i < requests; i += 1) {
        try {
          api.push(await timeApi(`${portalUrl}${path}`, token));
        } catch {
          errors += 1;
        }
        bare.push(await timeSql(client, statements));
      }
      figures.push({
        name,
        statements: statements.length,
        api: { p50: quantile(api, 0.5), p95: quantile(api, 0.95) },
        sql: { p50: quantile(bare, 0.5), p95: quantile(bare, 0.95) },
        errors,
      });
    }
    return figures;
  } finally {
    await client.end();
  }
}

export function listLines(figures: ListFigures[], accounts: number): string[] {
  const ms = (value: number) => `${value.toFixed(2).padStart(6)} ms`;
  return [
    `Lists of an organisation of ${accounts.toLocaleString('en')} accounts (PostgreSQL), one request at a time, ` +
      `API against the bare SQL it runs (captured, replayed on one connection); goal API/SQL at most ${LIST_GOAL}`,
    ...figures.map((f) => {
      const ratio = f.api.p50 / f.sql.p50;
      return (
        `  ${f.name.padEnd(38)} API p50 ${ms(f.api.p50)} p95 ${ms(f.api.p95)}   SQL (${f.statements} st.) p50 ${ms(f.sql.p50)} ` +
        `p95 ${ms(f.sql.p95)}   API/SQL p50 ${ratio.toFixed(2)} p95 ${(f.api.p95 / f.sql.p95).toFixed(2)}` +
        `${ratio <= LIST_GOAL ? '' : '  OVER'}${f.errors ? `   errors ${f.errors}` : ''}`
      );
    }),
  ];
}
