import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../src/db/client';
import { auditEvents } from '../src/db/schema';
import { signIn } from './fixtures';
import { bearer, createTestContext, type TestContext } from './helper';
import { stockOrg, type StockOrg } from './stock-fixtures';

/** Reads an RFC 4180 file back into rows (quoted cells, doubled quotes, CRLF), for the export tests. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The body of a CSV answer without its byte order mark, which it must begin with. */
export function withoutBom(body: Buffer): string {
  if (body[0] !== 0xef || body[1] !== 0xbb || body[2] !== 0xbf) throw new Error('no UTF-8 byte order mark');
  return body.subarray(3).toString('utf8');
}

/** The trail's `data.export` rows (decision 024), newest first: which table, with which filters. */
export async function exportAudits(db: Database) {
  return db.select().from(auditEvents).where(eq(auditEvents.action, 'data.export')).orderBy(desc(auditEvents.id));
}

/** A CSV export's answer read back: it must be a 200; its text (no BOM), header line and data rows. */
export function csvOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const text = withoutBom(res.rawPayload);
  const [header, ...rows] = readCsv(text);
  return { res, text, header, rows };
}

/** A cell as RFC 4180 writes it when it must be quoted: in double quotes, its quotes doubled. */
export const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/**
 * Expects the newest `data.export` row to be the export of `what` (its target label and the
 * detail's target) with exactly these filters, and to have the given columns (who, organisation).
 */
export async function expectExportAudit(
  db: Database,
  what: string,
  filters: Record<string, string | number | boolean>,
  columns: Partial<typeof auditEvents.$inferSelect> = {},
) {
  const [row] = await exportAudits(db);
  expect(row).toMatchObject({
    action: 'data.export',
    outcome: 'success',
    targetId: null,
    targetLabel: what,
    ...columns,
  });
  expect(row?.detail).toEqual({ target: what, ...filters });
}

/**
 * The shared setup of an export test file: a test context and two stock orgs, `org` (the caller's) and
 * `other` (which an export must leave out), filled by `seed`, which answers whom to sign in by name.
 * `get` and `exported` call the API as one of them. Read `ctx`, `org` and `other` inside tests (they
 * exist once beforeAll has run).
 */
export function exportSuite<Who extends string>(
  seed: (db: Database, now: Date, org: StockOrg, other: StockOrg) => Promise<Record<Who, string>>,
) {
  let state: { ctx: TestContext; org: StockOrg; other: StockOrg; token: Record<Who, string> } | undefined;
  const ready = () => {
    if (!state) throw new Error('exportSuite: the context is made in beforeAll');
    return state;
  };
  beforeAll(async () => {
    const ctx = await createTestContext();
    const db = ctx.handle.db;
    const org = await stockOrg(db);
    const other = await stockOrg(db);
    const token = await signIn(ctx, await seed(db, ctx.clock.now(), org, other));
    state = { ctx, org, other, token };
  });
  afterAll(() => state?.ctx.close());
  const get = (who: Who, url: string) =>
    ready().ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(ready().token[who]) });
  return {
    get ctx() {
      return ready().ctx;
    },
    get org() {
      return ready().org;
    },
    get other() {
      return ready().other;
    },
    get,
    exported: async (who: Who, path: string) => csvOf(await get(who, path)),
  };
}
