import { sql } from 'drizzle-orm';
import type { SkipCategory } from '@portal/contracts/completeness';
import type { FinalStatus, MigrationStatus } from '@portal/contracts/reports';
import type { Database } from '../src/db/client';
import { folders, jobs, machines, mailboxes, reportStats } from '../src/db/schema';
import { tenantOf } from '../src/core/tenant';
import { addAccount } from './fixtures';

// Migration data written straight into the tables, with the counters the agent keeps (job and
// mailbox totals, report_stats): the read side is tested apart from the agent API.

export interface FolderSpec {
  path: string;
  total: number;
  migrated: number;
  failed?: number;
  filtered?: number;
  status?: MigrationStatus;
}
export interface MailboxSpec {
  source: string;
  target?: string;
  status: MigrationStatus;
  errorMessage?: string;
  folders?: FolderSpec[];
}
export interface JobSpec {
  machineId: string;
  accountId: string;
  name: string;
  start: Date;
  end?: Date | null;
  status: MigrationStatus;
  productCode?: string;
  licensing?: 'NodeLocked' | 'PerMailbox';
  mailboxes?: MailboxSpec[];
}

const MINUTE = 60_000;
const FINAL: readonly string[] = ['Completed', 'CompletedWithErrors', 'Failed', 'Cancelled'] satisfies FinalStatus[];

export async function addMachine(db: Database, accountId: string, name: string): Promise<string> {
  const tenantId = await tenantOf(db, accountId);
  const [row] = await db
    .insert(machines)
    .values({ tenantId, name, registeredBy: accountId })
    .returning({ id: machines.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

const sum = <T>(list: T[], of: (item: T) => number) => list.reduce((total, item) => total + of(item), 0);

/**
 * A job with its mailboxes (the n-th started n minutes after the job) and their folders (the n-th
 * n seconds after its mailbox), the counters summed up the way the agent keeps them.
 */
export async function addJob(db: Database, spec: JobSpec): Promise<{ id: string; mailboxIds: string[] }> {
  const tenantId = await tenantOf(db, spec.accountId);
  const specs = spec.mailboxes ?? [];
  const totals = specs.map((m) => {
    const list = m.folders ?? [];
    return {
      totalItems: sum(list, (f) => f.total),
      migratedItems: sum(list, (f) => f.migrated),
      failedItems: sum(list, (f) => f.failed ?? 0),
      filteredItems: sum(list, (f) => f.filtered ?? 0),
    };
  });
  const countOf = (status: MigrationStatus) => specs.filter((m) => m.status === status).length;
  const [job] = await db
    .insert(jobs)
    .values({
      tenantId,
      clientKey: `${spec.name}-${spec.start.toISOString()}`,
      machineId: spec.machineId,
      accountId: spec.accountId,
      name: spec.name,
      productCode: spec.productCode ?? 'MBX',
      licensing: spec.licensing ?? 'PerMailbox',
      status: spec.status,
      totalItems: sum(totals, (t) => t.totalItems),
      migratedItems: sum(totals, (t) => t.migratedItems),
      failedItems: sum(totals, (t) => t.failedItems),
      filteredItems: sum(totals, (t) => t.filteredItems),
      mailboxCount: specs.length,
      mailboxesCompleted: countOf('Completed'),
      mailboxesCompletedWithErrors: countOf('CompletedWithErrors'),
      mailboxesFailed: countOf('Failed'),
      mailboxesCancelled: countOf('Cancelled'),
      startDate: spec.start,
      endDate: spec.end ?? null,
    })
    .returning({ id: jobs.id });
  if (!job) throw new Error('insert failed');
  const mailboxIds: string[] = [];
  for (const [index, m] of specs.entries()) {
    const start = new Date(spec.start.getTime() + (index + 1) * MINUTE);
    const final = FINAL.includes(m.status);
    const [row] = await db
      .insert(mailboxes)
      .values({
        tenantId,
        jobId: job.id,
        sourceMailbox: m.source,
        sourceType: 'Exchange',
        targetMailbox: m.target ?? m.source.replace('@', '@new.'),
        destinationType: 'Microsoft365',
        status: m.status,
        ...totals[index],
        folderCount: m.folders?.length ?? 0,
        startDate: start,
        endDate: final ? new Date(start.getTime() + 30 * MINUTE) : null,
        errorMessage: m.errorMessage ?? null,
        licenseState: 'None',
        lastReportAt: start,
      })
      .returning({ id: mailboxes.id });
    if (!row) throw new Error('insert failed');
    mailboxIds.push(row.id);
    const folderRows = (m.folders ?? []).map((f, n) => ({
      tenantId,
      mailboxId: row.id,
      folderPath: f.path,
      status: f.status ?? m.status,
      totalItems: f.total,
      migratedItems: f.migrated,
      failedItems: f.failed ?? 0,
      filteredItems: f.filtered ?? 0,
      startDate: new Date(start.getTime() + (n + 1) * 1000),
    }));
    if (folderRows.length > 0) await db.insert(folders).values(folderRows);
  }
  await db
    .insert(reportStats)
    .values({
      tenantId,
      accountId: spec.accountId,
      machineId: spec.machineId,
      jobCount: 1,
      mailboxCount: specs.length,
      lastJobStartDate: spec.start,
      lastJobEndDate: spec.end ?? null,
    })
    .onConflictDoUpdate({
      target: [reportStats.tenantId, reportStats.accountId, reportStats.machineId],
      set: {
        jobCount: sql`${reportStats.jobCount} + 1`,
        mailboxCount: sql`${reportStats.mailboxCount} + ${specs.length}`,
        lastJobStartDate: sql`GREATEST(${reportStats.lastJobStartDate}, excluded.last_job_start_date)`,
        lastJobEndDate: sql`GREATEST(${reportStats.lastJobEndDate}, excluded.last_job_end_date)`,
      },
    });
  return { id: job.id, mailboxIds };
}

/**
 * A folder's skipped items by reason (decision 044), written as the agent's report leaves them:
 * the folder's skips and counts, and its mailbox's sums (its verdict and grade follow, generated).
 */
export async function addSkips(
  db: Database,
  mailboxId: string,
  folderPath: string,
  skips: { category: SkipCategory; count: number; samples: string[] }[],
  { missing = 0, accepted = false }: { missing?: number; accepted?: boolean } = {},
): Promise<void> {
  const skipped = sum(skips, (skip) => skip.count);
  await db.execute(sql`
    UPDATE folders SET skipped_items = skipped_items + ${skipped}, missing_items = missing_items + ${missing},
      skips = ${JSON.stringify(skips)}::jsonb
    WHERE mailbox_id = ${mailboxId}::uuid AND folder_path = ${folderPath}`);
  await db.execute(sql`
    UPDATE mailboxes SET skipped_items = skipped_items + ${skipped}, missing_items = missing_items + ${missing},
      accepted_skipped_items = CASE WHEN ${accepted}::boolean THEN skipped_items + ${skipped} ELSE accepted_skipped_items END
    WHERE id = ${mailboxId}::uuid`);
}

/**
 * An organisation of its own (so that the demo seed's history does not count) and its migrations,
 * and another organisation's. Admin A (the tenant, `<tag>.admin@example.com`) ran "Finance wave" on
 * MIG-01; its User U "Sales wave" (in progress) on MIG-01; its User U2 "Legal wave" on MIG-02; child
 * Admin C's user G "Child wave" on MIG-02; Auditor R reads A's tree; the other organisation's Admin
 * ran "Other wave" on OTHER-01.
 */
export async function reportOrg(db: Database, tag = 'r') {
  const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, 8 + hours, 0, 0));
  const email = (who: string) => `${tag}.${who}@example.com`;
  const admin = await addAccount(db, { email: email('admin'), name: 'Alex Admin', roles: ['Admin'] });
  const auditor = await addAccount(db, { email: email('auditor'), roles: ['Auditor'], parentId: admin });
  const user = await addAccount(db, { email: email('user'), name: 'Uma User', roles: ['User'], parentId: admin });
  const user2 = await addAccount(db, { email: email('user2'), name: 'Umar User', roles: ['User'], parentId: admin });
  const childAdmin = await addAccount(db, { email: email('child.admin'), roles: ['Admin'], parentId: admin });
  const grandchild = await addAccount(db, { email: email('grandchild'), roles: ['User'], parentId: childAdmin });
  const otherAdmin = await addAccount(db, { email: email('other.admin'), roles: ['Admin'] });
  const mig1 = await addMachine(db, admin, 'MIG-01');
  const mig2 = await addMachine(db, admin, 'MIG-02');
  const other = await addMachine(db, otherAdmin, 'OTHER-01');
  const finance = await addJob(db, {
    machineId: mig1,
    accountId: admin,
    name: 'Finance wave',
    start: at(0),
    end: at(2),
    status: 'CompletedWithErrors',
    mailboxes: [
      {
        source: 'ann@corp.example',
        status: 'Completed',
        folders: [
          { path: '/Inbox', total: 100, migrated: 100 },
          { path: '/Sent Items', total: 50, migrated: 50 },
        ],
      },
      {
        source: 'bob@corp.example',
        status: 'CompletedWithErrors',
        errorMessage: '2 items too large',
        folders: [{ path: '/Inbox', total: 40, migrated: 37, failed: 2, filtered: 1 }],
      },
      { source: 'cyd@corp.example', status: 'Failed', errorMessage: 'Mailbox not found', folders: [] },
    ],
  });
  const sales = await addJob(db, {
    machineId: mig1,
    accountId: user,
    name: 'Sales wave',
    start: at(3),
    status: 'InProgress',
    mailboxes: [
      { source: 'dee@corp.example', status: 'InProgress', folders: [{ path: '/Inbox', total: 30, migrated: 10 }] },
    ],
  });
  const legal = await addJob(db, {
    machineId: mig2,
    accountId: user2,
    name: 'Legal wave',
    start: at(4),
    end: at(5),
    status: 'Completed',
    licensing: 'NodeLocked',
    mailboxes: [{ source: 'eve@corp.example', status: 'Completed', folders: [] }],
  });
  const child = await addJob(db, {
    machineId: mig2,
    accountId: grandchild,
    name: 'Child wave',
    start: at(6),
    end: at(7),
    status: 'Completed',
    mailboxes: [
      { source: 'fay@corp.example', status: 'Completed', folders: [{ path: '/Inbox', total: 5, migrated: 5 }] },
    ],
  });
  const otherJob = await addJob(db, {
    machineId: other,
    accountId: otherAdmin,
    name: 'Other wave',
    start: at(8),
    status: 'InProgress',
    mailboxes: [
      { source: 'gus@else.example', status: 'InProgress', folders: [{ path: '/Inbox', total: 9, migrated: 1 }] },
    ],
  });
  return {
    accounts: { admin, auditor, user, user2, childAdmin, grandchild, otherAdmin },
    email,
    machines: { mig1, mig2, other },
    jobs: { finance, sales, legal, child, other: otherJob },
    at,
  };
}
export type ReportOrg = Awaited<ReturnType<typeof reportOrg>>;

/**
 * A job of `count` Completed mailboxes (`mbx-00001@big.example`...), three at a time sharing a start
 * date (so that paging by date alone would skip or repeat some), each with `folders` folders of
 * 10 items; written set-based.
 */
export async function addBigJob(
  db: Database,
  spec: { machineId: string; accountId: string; name: string; start: Date; count: number; folders: number },
): Promise<string> {
  const { id } = await addJob(db, { ...spec, end: null, status: 'InProgress' });
  const tenantId = await tenantOf(db, spec.accountId);
  await db.execute(sql`
    INSERT INTO mailboxes (tenant_id, job_id, source_mailbox, source_type, target_mailbox, destination_type,
      status, total_items, migrated_items, folder_count, start_date, end_date, license_state, last_report_at)
    SELECT ${tenantId}::uuid, ${id}::uuid, 'mbx-' || lpad(i::text, 5, '0') || '@big.example', 'Exchange',
      'mbx-' || lpad(i::text, 5, '0') || '@new.big.example', 'Microsoft365', 'Completed',
      ${spec.folders * 10}, ${spec.folders * 10}, ${spec.folders},
      s.start_date, s.start_date + interval '1 hour', 'None', s.start_date
    FROM generate_series(1, ${spec.count}) AS i,
      LATERAL (SELECT ${spec.start.toISOString()}::timestamptz + (i / 3) * interval '1 minute' AS start_date) s`);
  await db.execute(sql`
    INSERT INTO folders (tenant_id, mailbox_id, folder_path, status, total_items, migrated_items, start_date)
    SELECT mb.tenant_id, mb.id, '/Folder ' || lpad(n::text, 3, '0'), 'Completed', 10, 10, mb.start_date
    FROM mailboxes mb, generate_series(1, ${spec.folders}) AS n
    WHERE mb.tenant_id = ${tenantId}::uuid AND mb.job_id = ${id}::uuid`);
  const items = spec.count * spec.folders * 10;
  await db.execute(sql`
    UPDATE jobs SET mailbox_count = ${spec.count}, mailboxes_completed = ${spec.count},
      total_items = ${items}, migrated_items = ${items}, status = 'Completed', end_date = start_date + interval '30 days'
    WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid`);
  await db.execute(sql`
    UPDATE report_stats SET mailbox_count = mailbox_count + ${spec.count}
    WHERE tenant_id = ${tenantId}::uuid AND account_id = ${spec.accountId}::uuid AND machine_id = ${spec.machineId}::uuid`);
  return id;
}
