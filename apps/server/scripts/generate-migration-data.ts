/**
 * `npm run generate:reports -- --database-url postgres://postgres@127.0.0.1:5432/<db> [--tenants 20
 * --jobs 100000 --mailboxes 1000000 --folders 5000000 --accounts 200 --machines 500] [--reset]`
 *
 * Fills a PostgreSQL database with migration report data at scale (docs/performance.md, "Migration reports"): a provider
 * SuperAdmin, `--tenants` customer organisations (a top Admin, an Auditor, child Admins and Users,
 * two levels deep, each account with its Default pool), machines, and jobs over the past year with
 * their mailboxes and folders. Tenant 1 is the largest (60 % of the accounts, machines and jobs):
 * the benchmark signs in as its Admin. Its first jobs hold `--big-job-mailboxes` mailboxes (the PDF
 * benchmark) and a few of its mailboxes 2,500 folders (the Folder page).
 *
 * Everything is set-based SQL (INSERT ... SELECT over generate_series) in one transaction: if it
 * fails, nothing is left behind. The kept counters are exactly the sums of what they count
 * (decision 018): jobs.mailbox_count, its per-status counts and item totals = its mailboxes;
 * mailboxes.folder_count and item totals = its folders; report_stats = its jobs per (tenant,
 * account, machine).
 *
 * ARC and T2T jobs are 'NodeLocked' (license_state 'None'); MBX jobs license per mailbox, and the
 * ledger holds each of their mailboxes' Reserve and Consume or Release (ledger-data-sql.ts, decision 046).
 *
 * With `--indexes after` (the default: measured faster, see docs/performance.md) the keys and
 * indexes of mailboxes and folders are dropped inside the transaction and built again from their
 * own definitions (pg_get_constraintdef / pg_get_indexdef) before it commits, so the committed
 * schema is exactly the migrated one.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CURRENT_EULA } from '../src/core/eula';
import { openPostgres } from '../src/db/client';
import { hashPassword } from '../src/lib/passwords';
import * as q from './migration-data-sql';
import { LEDGER } from './ledger-data-sql';

const GENERATED_SUPERADMIN = 'gen-superadmin@example.com';
const LARGEST_SHARE = 0.6;
const BIG_MAILBOX_FOLDERS = 2500;
const BIG_MAILBOXES = 5;
const BATCHES = 20;
const MIGRATION_TABLES = ['machines', 'machine_bindings', 'jobs', 'mailboxes', 'folders', 'report_stats'];

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    tenants: { type: 'string', default: '20' },
    jobs: { type: 'string', default: '100000' },
    mailboxes: { type: 'string', default: '1000000' },
    folders: { type: 'string', default: '5000000' },
    accounts: { type: 'string', default: '200' },
    machines: { type: 'string', default: '500' },
    'big-job-mailboxes': { type: 'string', default: '10000' },
    password: { type: 'string', default: 'Reports-Bench-2026' },
    indexes: { type: 'string', default: 'after' },
    reset: { type: 'boolean', default: false },
  },
});

function positive(name: keyof typeof args): number {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

const url = args['database-url'];
if (!url) throw new Error('--database-url postgres://user@host:port/<database> is required');
const tenants = positive('tenants');
const jobs = positive('jobs');
const mailboxes = positive('mailboxes');
const folders = positive('folders');
const bigJobMailboxes = positive('big-job-mailboxes');
if (mailboxes < jobs) throw new Error('--mailboxes must be at least --jobs (every job has a mailbox)');
if (folders < mailboxes) throw new Error('--folders must be at least --mailboxes (every mailbox has a folder)');
if (args.indexes !== 'after' && args.indexes !== 'during') throw new Error('--indexes is after or during');
if (args.password.length < 12) throw new Error('--password must be at least 12 characters');

/** n split over the tenants: tenant 1 takes LARGEST_SHARE, the others the rest evenly, each at least `min`. */
function split(n: number, min: number): number[] {
  if (tenants === 1) return [Math.max(n, min)];
  const first = Math.max(min, Math.round(n * LARGEST_SHARE));
  const rest = Math.max(0, n - first);
  return Array.from({ length: tenants }, (_, i) =>
    i === 0 ? first : Math.max(min, Math.floor(rest / (tenants - 1)) + (i <= rest % (tenants - 1) ? 1 : 0)),
  );
}

const accountsPer = split(positive('accounts'), 4);
const machinesPer = split(positive('machines'), 1);
const jobsPer = split(jobs, 1);
const totalJobs = jobsPer.reduce((a, b) => a + b, 0);
const plans = accountsPer.map((a, i) => ({ accounts: a, machines: machinesPer[i] ?? 1, jobs: jobsPer[i] ?? 1 }));
// Big jobs only where the other jobs still get several mailboxes each, all in tenant 1.
const bigJobs = [3, 1, 0].find((n) => n * bigJobMailboxes + (totalJobs - n) * 5 <= mailboxes && n < jobsPer[0]!) ?? 0;
const bigMailboxes =
  BIG_MAILBOXES * BIG_MAILBOX_FOLDERS + (mailboxes - BIG_MAILBOXES) * 3 <= folders &&
  bigJobs + BIG_MAILBOXES <= jobsPer[0]!
    ? BIG_MAILBOXES
    : 0;
const shape: q.Shape = {
  bigJobs,
  bigJobMailboxes,
  bigMailboxes,
  bigMailboxFolders: BIG_MAILBOX_FOLDERS,
  mailboxes,
  folders,
};

const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** A progress bar on stderr: redrawn in place on a terminal, a line per quarter otherwise. */
function bar(label: string, done: number, total: number, rows: number, since: number) {
  const width = 30;
  const percent = Math.floor((done / total) * 100);
  const filled = Math.round((done / total) * width);
  const text = `  ${label.padEnd(10)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${rows.toLocaleString('en')} rows  ${seconds(since)}`;
  if (process.stderr.isTTY) process.stderr.write(`\r${text}   ${done === total ? '\n' : ''}`);
  else if (Math.floor((percent * 4) / 100) !== Math.floor((lastPercent * 4) / 100) || done === total) log(text);
  lastPercent = done === total ? 0 : percent;
}
let lastPercent = 0;

async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const at = Date.now();
  const result = await run();
  log(`  ${label.padEnd(44)} ${seconds(at).padStart(8)}`);
  return result;
}

/** Creates the database if missing; with --reset drops it first, but only if it holds generated data or nothing. */
async function ensureDatabase(): Promise<void> {
  const target = new URL(url!);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new URL(url!);
  admin.pathname = '/postgres';
  const server = new pg.Client({ connectionString: admin.toString() });
  await server.connect();
  try {
    const exists = (await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (exists && args.reset) {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const { rows } = await db
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM accounts WHERE email <> $1 AND email NOT LIKE 'gen-%' AND email NOT LIKE 'bench-%'`,
          [GENERATED_SUPERADMIN],
        )
        .catch(() => ({ rows: [{ n: 0 }] }));
      await db.end();
      if ((rows[0]?.n ?? 0) > 0) throw new Error(`--reset refused: ${name} holds accounts the generator did not make`);
      await server.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    }
    if (!exists || args.reset) await server.query(`CREATE DATABASE "${name}"`);
  } finally {
    await server.end();
  }
}

interface Definition {
  name: string;
  table: string;
  kind: string;
  def: string;
}

/** The keys, foreign keys and indexes of `tables`, to drop before the load and build after it. */
async function definitionsOf(client: pg.Client, tables: string[]): Promise<Definition[]> {
  const { rows } = await client.query<Definition>(
    `SELECT conname AS name, conrelid::regclass::text AS table, contype AS kind, pg_get_constraintdef(oid) AS def
       FROM pg_constraint
      WHERE contype IN ('p', 'u', 'f') AND (conrelid = ANY($1::regclass[]) OR confrelid = ANY($1::regclass[]))
     UNION ALL
     SELECT i.indexrelid::regclass::text, i.indrelid::regclass::text, 'i', pg_get_indexdef(i.indexrelid)
       FROM pg_index i
      WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`,
    [tables],
  );
  return rows;
}

async function dropDefinitions(client: pg.Client, defs: Definition[]): Promise<void> {
  for (const kind of ['f', 'u', 'p', 'i']) {
    for (const d of defs.filter((x) => x.kind === kind)) {
      await client.query(kind === 'i' ? `DROP INDEX ${d.name}` : `ALTER TABLE ${d.table} DROP CONSTRAINT "${d.name}"`);
    }
  }
}

async function buildDefinitions(client: pg.Client, defs: Definition[]): Promise<void> {
  for (const kind of ['p', 'u', 'i', 'f']) {
    for (const d of defs.filter((x) => x.kind === kind)) {
      await step(`  build ${d.name}`, () =>
        client.query(kind === 'i' ? d.def : `ALTER TABLE ${d.table} ADD CONSTRAINT "${d.name}" ${d.def}`),
      );
    }
  }
}

/** Runs `sql` over [1, total] in BATCHES ranges ($1, $2), with a progress bar. */
async function inBatches(client: pg.Client, label: string, sql: string, total: number): Promise<number> {
  const at = Date.now();
  const size = Math.max(1, Math.ceil(total / BATCHES));
  let rows = 0;
  for (let from = 1; from <= total; from += size) {
    const result = await client.query(sql, [from, Math.min(total, from + size - 1)]);
    rows += result.rowCount ?? 0;
    bar(label, Math.min(total, from + size - 1), total, rows, at);
  }
  log(`  ${`${label}: ${rows.toLocaleString('en')} rows`.padEnd(44)} ${seconds(at).padStart(8)}`);
  return rows;
}

log(
  `Generating ${tenants} tenants, ${totalJobs.toLocaleString('en')} jobs, ${mailboxes.toLocaleString('en')} mailboxes, ${folders.toLocaleString('en')} folders` +
    ` (${bigJobs} jobs of ${bigJobMailboxes.toLocaleString('en')} mailboxes, ${bigMailboxes} mailboxes of ${BIG_MAILBOX_FOLDERS} folders; indexes ${args.indexes})`,
);
await step('database and migrations', async () => {
  await ensureDatabase();
  const handle = openPostgres(url, 1);
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
});
const passwordHash = await step('password hash (argon2id)', () => hashPassword(args.password));

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  // Session settings for a bulk load: big sorts for the index builds, temp tables in memory.
  await client.query(`SET temp_buffers = '1GB'`);
  await client.query(`SET work_mem = '256MB'`);
  await client.query(`SET maintenance_work_mem = '1GB'`);
  await client.query('BEGIN');
  const already = await client.query('SELECT 1 FROM accounts WHERE email = $1', [GENERATED_SUPERADMIN]);
  if (already.rowCount) throw new Error('this database already holds generated data: pass --reset to start again');
  const existingJobs = await client.query('SELECT 1 FROM jobs LIMIT 1');
  if (existingJobs.rowCount) throw new Error('this database already holds jobs: use an empty database');

  for (const f of q.FUNCTIONS) await client.query(f);
  await step('accounts, closure, Default pools, machines', async () => {
    await client.query(q.PLAN_TABLES);
    const t = q.tenantRows(plans);
    await client.query(t.text, t.values);
    await client.query(q.PLAN_ACCOUNTS);
    await client.query(q.SUPERADMIN, [passwordHash, CURRENT_EULA.version]);
    // Level by level: the closure trigger reads the parent's ancestors.
    for (const where of ['a.parent_k IS NULL', 'a.parent_k = 1', 'a.parent_k = 3']) {
      await client.query(q.insertAccounts(where), [passwordHash, CURRENT_EULA.version]);
    }
    await client.query(q.POOLS);
    await client.query(q.MACHINES);
  });
  await step('plan: jobs', () => client.query(q.planJobs(shape, totalJobs)));
  await step('plan: mailboxes with their folder sums', () => client.query(q.planMailboxes(shape)));
  await inBatches(client, 'jobs', q.JOBS, totalJobs);
  const deferred = args.indexes === 'after' ? await definitionsOf(client, ['mailboxes', 'folders']) : [];
  await dropDefinitions(client, deferred);
  await inBatches(client, 'mailboxes', q.MAILBOXES, mailboxes);
  await inBatches(client, 'folders', q.FOLDERS, mailboxes);
  if (deferred.length > 0) await step('keys and indexes built', () => buildDefinitions(client, deferred));
  await step('report_stats', () => client.query(q.REPORT_STATS));
  await step('ledger: lots, allocations, Reserve and Consume or Release', async () => {
    for (const statement of LEDGER) await client.query(statement);
  });
  await step('commit', () => client.query('COMMIT'));
  await step('vacuum analyze', async () => {
    for (const table of MIGRATION_TABLES) await client.query(`VACUUM (ANALYZE) ${table}`);
    await client.query('ANALYZE');
  });
} catch (error) {
  await client.query('ROLLBACK').catch(() => undefined);
  throw error;
} finally {
  await client.end();
}

log(`Done in ${seconds(started)}.`);
process.stdout.write(
  [
    `Largest tenant (tenant 1): ${plans[0]?.jobs.toLocaleString('en')} jobs`,
    `  Admin    gen-t1-admin-1@example.com`,
    `  Auditor  gen-t1-auditor-2@example.com`,
    `  User     gen-t1-user-4@example.com`,
    `  SuperAdmin ${GENERATED_SUPERADMIN}`,
    `  password ${args.password}`,
    '',
  ].join('\n'),
);
