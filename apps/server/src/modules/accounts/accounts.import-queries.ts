import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import {
  type AccountImport,
  type ImportRow,
  type ImportRowsQuery,
  type ImportRowStatus,
} from '@portal/contracts/account-imports';
import { IMPORT_MSG } from '@portal/contracts/account-import-messages';
import type { Database } from '../../db/client';
import { accountImportRows, accountImports } from '../../db/schema';
import { notFound } from '../../core/errors';
import type { Principal } from '../../core/session';

/** Rows of the result file read at a time. */
const RESULT_BATCH = 1000;

export type ImportRecord = typeof accountImports.$inferSelect;

/** The caller's own import, or 404: an import is seen by the Admin who uploaded it only. */
export async function findImport(db: Database, principal: Principal, id: string): Promise<ImportRecord> {
  const [found] = await db
    .select()
    .from(accountImports)
    .where(and(eq(accountImports.id, id), eq(accountImports.ownerId, principal.accountId)));
  if (!found) throw notFound(IMPORT_MSG.notFound);
  return found;
}

type Counts = AccountImport['counts'];
const BY_STATUS: Partial<Record<ImportRowStatus, keyof Counts>> = {
  Queued: 'queued',
  Created: 'created',
  Skipped: 'skipped',
  Failed: 'failed',
};

/** An import as the page shows it, from its rows' groups: counted by plan and by result, its state. */
function toSummary(
  record: ImportRecord,
  groups: { plan: string; status: ImportRowStatus; rows: number; units: number; settled: Date | string | null }[],
): AccountImport {
  const counts: Counts = { create: 0, skip: 0, error: 0, queued: 0, created: 0, skipped: 0, failed: 0 };
  let units = 0;
  let finished: Date | null = null;
  for (const group of groups) {
    counts[group.plan === 'Create' ? 'create' : group.plan === 'Skip' ? 'skip' : 'error'] += group.rows;
    const key = BY_STATUS[group.status];
    if (key) counts[key] += group.rows;
    if (group.plan === 'Create') units += group.units;
    const settled = group.settled ? new Date(group.settled) : null;
    if (settled && (!finished || settled > finished)) finished = settled;
  }
  const status = !record.appliedAt ? 'Planned' : counts.queued > 0 ? 'Applying' : 'Done';
  return {
    id: record.id,
    fileName: record.fileName,
    status,
    totalRows: record.totalRows,
    counts,
    units,
    createdAt: record.createdAt.toISOString(),
    appliedAt: record.appliedAt?.toISOString() ?? null,
    finishedAt: status === 'Done' ? (finished ?? record.appliedAt)!.toISOString() : null,
  };
}

/** Several imports as the page shows them, their rows counted in ONE grouped query (not one per import). */
async function summariesOf(db: Database, records: ImportRecord[]): Promise<AccountImport[]> {
  if (records.length === 0) return [];
  const groups = await db
    .select({
      importId: accountImportRows.importId,
      plan: accountImportRows.plan,
      status: accountImportRows.status,
      rows: count(),
      units: sql<number>`coalesce(sum(${accountImportRows.units}), 0)::int`,
      settled: max(accountImportRows.settledAt),
    })
    .from(accountImportRows)
    .where(
      inArray(
        accountImportRows.importId,
        records.map((record) => record.id),
      ),
    )
    .groupBy(accountImportRows.importId, accountImportRows.plan, accountImportRows.status);
  return records.map((record) =>
    toSummary(
      record,
      groups.filter((group) => group.importId === record.id),
    ),
  );
}

export async function summaryOf(db: Database, record: ImportRecord): Promise<AccountImport> {
  const [summary] = await summariesOf(db, [record]);
  return summary!;
}

/** The caller's imports, newest first. */
export async function listImports(db: Database, principal: Principal, pageNumber: number, pageSize: number) {
  const where = eq(accountImports.ownerId, principal.accountId);
  const [total] = await db.select({ n: count() }).from(accountImports).where(where);
  const records = await db
    .select()
    .from(accountImports)
    .where(where)
    .orderBy(desc(accountImports.createdAt), desc(accountImports.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  return { rows: await summariesOf(db, records), total: total?.n ?? 0 };
}

const SHOWN = {
  Create: eq(accountImportRows.plan, 'Create'),
  Skip: eq(accountImportRows.plan, 'Skip'),
  Error: eq(accountImportRows.plan, 'Error'),
  Created: eq(accountImportRows.status, 'Created'),
  Skipped: eq(accountImportRows.status, 'Skipped'),
  Failed: eq(accountImportRows.status, 'Failed'),
} as const;

const rowColumns = {
  line: accountImportRows.line,
  name: accountImportRows.name,
  email: accountImportRows.email,
  role: accountImportRows.role,
  pool: accountImportRows.pool,
  products: accountImportRows.products,
  plan: accountImportRows.plan,
  status: accountImportRows.status,
  message: accountImportRows.message,
};

/** A page of an import's rows in file order, all or those of one plan or result. */
export async function importRows(
  db: Database,
  importId: string,
  query: { pageNumber: number; pageSize: number; show: NonNullable<ImportRowsQuery['show']> },
): Promise<{ rows: ImportRow[]; total: number }> {
  const where = and(eq(accountImportRows.importId, importId), query.show === 'All' ? undefined : SHOWN[query.show]);
  const [total] = await db.select({ n: count() }).from(accountImportRows).where(where);
  const rows = await db
    .select(rowColumns)
    .from(accountImportRows)
    .where(where)
    .orderBy(asc(accountImportRows.line))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Every row of an import in file order, 1,000 at a time (keyset on the line): the result file. */
export async function* importRowBatches(db: Database, importId: string): AsyncIterable<ImportRow[]> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select(rowColumns)
      .from(accountImportRows)
      .where(and(eq(accountImportRows.importId, importId), gt(accountImportRows.line, after)))
      .orderBy(asc(accountImportRows.line))
      .limit(RESULT_BATCH);
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)!.line;
  }
}
