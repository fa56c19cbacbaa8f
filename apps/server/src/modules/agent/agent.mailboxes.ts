import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AgentMailbox } from '@portal/contracts/agent';
import type { FinalStatus, MigrationStatus } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { folders, jobs, mailboxes, reportStats } from '../../db/schema';
import { conflict } from '../../core/errors';
import { reserve, type Reservation } from '../stock';
import type { AgentCaller } from './agent.machines';
import {
  type FolderCompleteness,
  folderCompletenessRow,
  MAILBOX_SUMS,
  type MailboxSums,
  sumsOf,
} from './agent.completeness';
import { lockJob, lockJobOfMailbox, lockMailbox, mailboxAnswer, settleMailbox } from './agent.settle';

export interface MailboxStart {
  sourceMailbox: string;
  sourceType: string;
  targetMailbox: string;
  destinationType: string;
}

export interface FolderProgress extends FolderCompleteness {
  folderPath: string;
  totalItems: number;
  migratedItems: number;
  failedItems: number;
  filteredItems: number;
  status: MigrationStatus;
  errorMessage?: string | null | undefined;
}

const ENDED = 'This mailbox has already ended.';

/**
 * `POST /Agent/jobs/{jobId}/mailboxes`: idempotent by (job, source mailbox). Per-mailbox licensing
 * reserves one Transactional unit of the drawing pool in the same transaction as the mailbox row;
 * none left is a 409 naming the product and writes nothing.
 */
export function startMailbox(
  db: Database,
  caller: AgentCaller,
  jobId: string,
  input: MailboxStart,
): Promise<AgentMailbox> {
  return db.transaction(async (tx) => {
    const job = await lockJob(tx, caller, jobId);
    const [existing] = await tx
      .select()
      .from(mailboxes)
      .where(
        and(
          eq(mailboxes.tenantId, caller.tenantId),
          eq(mailboxes.jobId, jobId),
          eq(mailboxes.sourceMailbox, input.sourceMailbox),
        ),
      );
    if (existing) return mailboxAnswer(existing);
    if (job.status !== 'InProgress') throw conflict('This job has already ended.');
    const id = randomUUID();
    let reservation: Reservation | null = null;
    if (job.licensing === 'PerMailbox') {
      const { poolId, groupKey, lots } = await reserve(tx, {
        accountId: caller.accountId,
        productCode: job.productCode,
        usageTypes: ['Transactional'],
        mailbox: { name: input.sourceMailbox, id },
        now: caller.now,
        apiKeyId: caller.apiKeyId,
      });
      reservation = { poolId, groupKey, lots };
    }
    const [mailbox] = await tx
      .insert(mailboxes)
      .values({
        tenantId: caller.tenantId,
        id,
        jobId,
        ...input,
        licenseState: reservation ? 'Reserved' : 'None',
        reservation,
        startDate: caller.now,
        lastReportAt: caller.now,
      })
      .returning();
    if (!mailbox) throw new Error('mailbox insert returned nothing');
    await tx
      .update(jobs)
      .set({ mailboxCount: sql`${jobs.mailboxCount} + 1` })
      .where(and(eq(jobs.tenantId, caller.tenantId), eq(jobs.id, jobId)));
    await tx
      .update(reportStats)
      .set({ mailboxCount: sql`${reportStats.mailboxCount} + 1` })
      .where(
        and(
          eq(reportStats.tenantId, caller.tenantId),
          eq(reportStats.accountId, job.accountId),
          eq(reportStats.machineId, job.machineId),
        ),
      );
    return mailboxAnswer(mailbox);
  });
}

const COUNTERS = ['totalItems', 'migratedItems', 'failedItems', 'filteredItems', 'skippedItems'] as const;
type Totals = Record<(typeof COUNTERS)[number], number>;

/** The folder rows a report names, as they stood before it. */
async function foldersBefore(tx: Database, caller: AgentCaller, mailboxId: string, paths: string[]) {
  if (paths.length === 0) return [];
  return tx
    .select()
    .from(folders)
    .where(
      and(eq(folders.tenantId, caller.tenantId), eq(folders.mailboxId, mailboxId), inArray(folders.folderPath, paths)),
    );
}

/** Writes the reported folders' absolute counters: a new folder is inserted, a known one replaced. */
async function upsertFolders(tx: Database, caller: AgentCaller, mailboxId: string, reported: FolderProgress[]) {
  if (reported.length === 0) return;
  await tx
    .insert(folders)
    .values(
      reported.map((folder) => ({
        tenantId: caller.tenantId,
        mailboxId,
        folderPath: folder.folderPath,
        status: folder.status,
        totalItems: folder.totalItems,
        migratedItems: folder.migratedItems,
        failedItems: folder.failedItems,
        filteredItems: folder.filteredItems,
        ...folderCompletenessRow(folder),
        errorMessage: folder.errorMessage ?? null,
        startDate: caller.now,
        endDate: folder.status === 'InProgress' || folder.status === 'NotStarted' ? null : caller.now,
      })),
    )
    .onConflictDoUpdate({
      target: [folders.tenantId, folders.mailboxId, folders.folderPath],
      set: {
        status: sql`excluded.status`,
        totalItems: sql`excluded.total_items`,
        migratedItems: sql`excluded.migrated_items`,
        failedItems: sql`excluded.failed_items`,
        filteredItems: sql`excluded.filtered_items`,
        skippedItems: sql`excluded.skipped_items`,
        missingItems: sql`excluded.missing_items`,
        sourceItems: sql`excluded.source_items`,
        sourceBytes: sql`excluded.source_bytes`,
        destinationItems: sql`excluded.destination_items`,
        destinationBytes: sql`excluded.destination_bytes`,
        skips: sql`excluded.skips`,
        errorMessage: sql`excluded.error_message`,
        // The first report of an end dates it; a retry keeps that date.
        endDate: sql`CASE WHEN excluded.end_date IS NULL THEN NULL
                          ELSE coalesce(${folders.endDate}, greatest(${folders.startDate}, excluded.end_date)) END`,
      },
    });
}

/** `counters + delta` for each of the item counters of a mailbox or job row. */
function addCounters(table: typeof mailboxes | typeof jobs, delta: Totals) {
  return {
    totalItems: sql`${table.totalItems} + ${delta.totalItems}`,
    migratedItems: sql`${table.migratedItems} + ${delta.migratedItems}`,
    failedItems: sql`${table.failedItems} + ${delta.failedItems}`,
    filteredItems: sql`${table.filteredItems} + ${delta.filteredItems}`,
    skippedItems: sql`${table.skippedItems} + ${delta.skippedItems}`,
  };
}

/** The mailbox's completeness sums moved by what the reported folders change (decision 044). */
function sumsDelta(reported: FolderProgress[], before: (typeof folders.$inferSelect)[]) {
  const delta: MailboxSums = { missingItems: 0, sourceItems: 0, destinationItems: 0 };
  for (const folder of reported) {
    const now = sumsOf(folderCompletenessRow(folder));
    const old = before.find((row) => row.folderPath === folder.folderPath);
    const was = old ? sumsOf(old) : { missingItems: 0, sourceItems: 0, destinationItems: 0 };
    for (const key of MAILBOX_SUMS) delta[key] += now[key] - was[key];
  }
  return {
    missingItems: sql`${mailboxes.missingItems} + ${delta.missingItems}`,
    sourceItems: sql`${mailboxes.sourceItems} + ${delta.sourceItems}`,
    destinationItems: sql`${mailboxes.destinationItems} + ${delta.destinationItems}`,
  };
}

/**
 * `POST /Agent/mailboxes/{mailboxId}/progress`: absolute counters per folder, so a retried report
 * changes nothing. The mailbox and job totals move by the difference to what the folders held
 * before, which keeps them equal to the sums of their rows without summing them. It is also the
 * mailbox's heartbeat (last_report_at) that the timeout sweep reads.
 */
export function reportProgress(
  db: Database,
  caller: AgentCaller,
  mailboxId: string,
  input: { folders: FolderProgress[] },
): Promise<AgentMailbox> {
  return db.transaction(async (tx) => {
    const job = await lockJobOfMailbox(tx, caller, mailboxId);
    const mailbox = await lockMailbox(tx, caller.tenantId, job.id, mailboxId);
    if (mailbox.status !== 'InProgress') throw conflict(ENDED);
    const before = await foldersBefore(
      tx,
      caller,
      mailboxId,
      input.folders.map((folder) => folder.folderPath),
    );
    const delta: Totals = { totalItems: 0, migratedItems: 0, failedItems: 0, filteredItems: 0, skippedItems: 0 };
    for (const folder of input.folders) {
      const old = before.find((row) => row.folderPath === folder.folderPath);
      const now = { ...folder, skippedItems: folderCompletenessRow(folder).skippedItems };
      for (const key of COUNTERS) delta[key] += now[key] - (old?.[key] ?? 0);
    }
    await upsertFolders(tx, caller, mailboxId, input.folders);
    const [updated] = await tx
      .update(mailboxes)
      .set({
        ...addCounters(mailboxes, delta),
        ...sumsDelta(input.folders, before),
        folderCount: sql`${mailboxes.folderCount} + ${input.folders.length - before.length}`,
        lastReportAt: sql`greatest(${mailboxes.lastReportAt}, ${caller.now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(mailboxes.tenantId, caller.tenantId), eq(mailboxes.id, mailboxId)))
      .returning();
    if (COUNTERS.some((key) => delta[key] !== 0)) {
      await tx
        .update(jobs)
        .set(addCounters(jobs, delta))
        .where(and(eq(jobs.tenantId, caller.tenantId), eq(jobs.id, job.id)));
    }
    return mailboxAnswer(updated ?? mailbox);
  });
}

/**
 * `POST /Agent/mailboxes/{mailboxId}/complete`: Completed and CompletedWithErrors consume the
 * reserved unit, Failed and Cancelled release it. A second call answers the recorded end.
 */
export function completeMailbox(
  db: Database,
  caller: AgentCaller,
  mailboxId: string,
  input: { status: FinalStatus; errorMessage?: string | null | undefined },
): Promise<AgentMailbox> {
  return db.transaction(async (tx) => {
    const job = await lockJobOfMailbox(tx, caller, mailboxId);
    return settleMailbox(tx, caller, job, mailboxId, {
      status: input.status,
      errorMessage: input.errorMessage ?? null,
    });
  });
}
