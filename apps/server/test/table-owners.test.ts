import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

/**
 * Every table has one owner, the only place that writes it (docs/architecture.md, "Tables and
 * their owners"). This test reads the server's source, finds every write (drizzle's
 * insert/update/delete on a table, and INSERT INTO / UPDATE / DELETE FROM in SQL text) and fails
 * when a write stands outside the table's owner, unless the write is one of the few named
 * exceptions below. An exception that no longer happens fails too, so the list only shrinks.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** The owner of each table: a module folder, or `core` (what every module shares). */
export const TABLE_OWNERS: Record<string, string> = {
  accounts: 'core',
  account_closure: 'core',
  account_imports: 'modules/accounts',
  account_import_rows: 'modules/accounts',
  bulk_operations: 'modules/bulk',
  bulk_operation_rows: 'modules/bulk',
  pools: 'modules/pools',
  saved_views: 'modules/views',
  saved_view_pins: 'modules/views',
  sessions: 'core',
  account_tokens: 'core',
  two_factor_challenges: 'modules/two-factor',
  totp_factors: 'modules/two-factor',
  recovery_codes: 'modules/two-factor',
  passkeys: 'modules/two-factor',
  passkey_challenges: 'modules/two-factor',
  organisation_security: 'modules/two-factor',
  sso_connections: 'modules/sso',
  sso_domains: 'modules/sso',
  sso_logins: 'modules/sso',
  rate_limits: 'core',
  mail_outbox: 'core',
  products: 'modules/stock',
  licenses: 'modules/stock',
  stock: 'modules/stock',
  movements: 'modules/stock',
  movement_lines: 'modules/stock',
  machines: 'modules/agent',
  machine_bindings: 'modules/agent',
  jobs: 'modules/agent',
  mailboxes: 'modules/agent',
  folders: 'modules/agent',
  report_stats: 'modules/agent',
  alert_settings: 'modules/alerts',
  alert_thresholds: 'modules/alerts',
  alert_runs: 'modules/alerts',
  alert_deliveries: 'modules/alerts',
  audit_events: 'modules/audit',
  api_keys: 'core',
  webhook_endpoints: 'modules/webhooks',
  webhook_deliveries: 'modules/webhooks',
  scheduled_tasks: 'core',
};

/**
 * Writes outside the owner that stand today, each with why. `db` (the first start's seed and the
 * retention sweep) runs below every module, so it writes directly; the rest are debt.
 */
const EXCEPTIONS: ReadonlyArray<readonly [area: string, table: string, why: string]> = [
  ['db', 'accounts', 'the first start seeds the Super Admin'],
  ['db', 'pools', 'the first start seeds the Super Admin’s pool'],
  ['db', 'sessions', 'retention sweep'],
  ['db', 'account_tokens', 'retention sweep'],
  ['db', 'two_factor_challenges', 'retention sweep'],
  ['db', 'passkey_challenges', 'retention sweep'],
  ['db', 'sso_logins', 'retention sweep'],
  ['db', 'rate_limits', 'retention sweep'],
  ['db', 'mail_outbox', 'retention sweep'],
  ['db', 'webhook_deliveries', 'retention sweep'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `modules/<name>` for a module's file, else the top folder (`core`, `db`, `lib`, `plugins`). */
function areaOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts.length > 1 ? parts[0]! : '.';
}

/** Drizzle table objects by their exported name, and every table's SQL name. */
const tablesByExport = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (is(value, PgTable)) tablesByExport.set(name, getTableName(value));
}
const sqlNames = new Set(tablesByExport.values());

interface Write {
  area: string;
  table: string;
  where: string;
}

function writesIn(file: string): Write[] {
  const text = readFileSync(file, 'utf8');
  const area = areaOf(file);
  const found: Write[] = [];
  const add = (table: string | undefined, index: number) => {
    if (table === undefined) return;
    const line = text.slice(0, index).split('\n').length;
    found.push({ area, table, where: `${path.relative(SRC, file)}:${line}` });
  };
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    add(tablesByExport.get(match[1]!), match.index);
  }
  for (const match of text.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/g)) {
    const table = match[1] !== undefined ? tablesByExport.get(match[1]) : match[2];
    add(table !== undefined && sqlNames.has(table) ? table : undefined, match.index);
  }
  return found;
}

const writes = sourceFiles(SRC).flatMap(writesIn);

describe('table owners', () => {
  it('names an owner for every table in the schema', () => {
    expect([...sqlNames].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
  });

  it('finds the writes it looks for (the scan is not blind)', () => {
    const tables = new Set(writes.map((write) => write.table));
    for (const table of ['accounts', 'movements', 'movement_lines', 'jobs', 'audit_events', 'alert_runs']) {
      expect(tables, table).toContain(table);
    }
  });

  it('writes every table only from its owner, but for the named exceptions', () => {
    const outside = writes.filter((write) => TABLE_OWNERS[write.table] !== write.area);
    const allowed = new Set(EXCEPTIONS.map(([area, table]) => `${area} -> ${table}`));
    const unexpected = outside.filter((write) => !allowed.has(`${write.area} -> ${write.table}`));
    expect(unexpected.map((write) => `${write.where} writes ${write.table}`)).toEqual([]);
  });

  it('lists no exception that no longer happens', () => {
    const happening = new Set(writes.map((write) => `${write.area} -> ${write.table}`));
    const stale = EXCEPTIONS.filter(([area, table]) => !happening.has(`${area} -> ${table}`));
    expect(stale.map(([area, table]) => `${area} -> ${table}`)).toEqual([]);
  });
});
