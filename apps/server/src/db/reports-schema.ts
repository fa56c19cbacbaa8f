// Migration data: what the migration agent reports (machines, jobs, mailboxes, folders) and the
// counters the report screens read (docs/decisions/018-migration-data.md). Every table carries the
// tenant (the top account of the organisation) first in its primary key and in every index, so
// the data can be distributed by tenant (docs/decisions/019-distributing-by-tenant.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts-schema';
import { apiKeys } from './integrations-schema';
import { createdAt } from './columns';
import { folderCompleteness, mailboxCompleteness, mailboxCompletenessChecks } from './completeness-columns';

/** What a Reserve moved for one mailbox, so that Consume or Release settles exactly that. */
export interface MailboxReservation {
  poolId: string;
  groupKey: string;
  lots: { licenseId: string; quantity: number }[];
}

const at = (name: string) => timestamp(name, { withTimezone: true });
const count = (name: string) => integer(name).notNull().default(0);

/**
 * The item counters every report row carries (docs/product.md#the-api). A folder's fit an
 * integer (the agent API allows 2e9 a folder); a mailbox's and a job's are sums of many and are
 * 64-bit (a job of 100,000 mailboxes of 25,000 items passes 2^31).
 */
const itemCounters = (width: 'int' | 'bigint') => {
  const column = (name: string) =>
    width === 'int' ? count(name) : bigint(name, { mode: 'number' }).notNull().default(0);
  return {
    totalItems: column('total_items'),
    migratedItems: column('migrated_items'),
    failedItems: column('failed_items'),
    filteredItems: column('filtered_items'),
    /** Items the agent skipped with a reason (decision 044); 0 from an agent that reports none. */
    skippedItems: column('skipped_items'),
  };
};

const STATUS_CHECK = `IN ('NotStarted', 'InProgress', 'Completed', 'CompletedWithErrors', 'Failed', 'Cancelled')`;

/** A computer that runs the migration tool; unique by name within a tenant. */
export const machines = pgTable(
  'machines',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => accounts.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** The hardware binding the agent reports; node-locked units bind to the machine. */
    fingerprint: text('fingerprint'),
    registeredBy: uuid('registered_by')
      .notNull()
      .references(() => accounts.id),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
    /** Set while an Admin blocks the machine: its agent calls are refused (decision 045). */
    blockedAt: at('blocked_at'),
    blockedBy: uuid('blocked_by').references(() => accounts.id),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('machines_tenant_name_idx').on(t.tenantId, t.name),
    check('machines_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('machines_blocked_by_whom', sql`(${t.blockedAt} IS NULL) = (${t.blockedBy} IS NULL)`),
  ],
);

/** A node-locked unit bound to a machine at its first job (decision 030). */
export const machineBindings = pgTable(
  'machine_bindings',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    licenseId: uuid('license_id').notNull(),
    poolId: uuid('pool_id').notNull(),
    productCode: text('product_code').notNull(),
    groupKey: text('group_key').notNull(),
    /** The lot's expiry; null for a perpetual lot. */
    expiresAt: at('expires_at'),
    /**
     * The computer the unit serves (the agent's fingerprint when it bound, or the first one reported
     * after an Admin released it); null until one is reported (decision 030).
     */
    fingerprint: text('fingerprint'),
    boundBy: uuid('bound_by').notNull(),
    boundAt: at('bound_at').notNull().defaultNow(),
  },
  (t) => [
    // A binding serves the accounts that draw on the pool it came from: another pool's accounts bind
    // their own unit to the same machine.
    primaryKey({ columns: [t.tenantId, t.machineId, t.poolId, t.licenseId] }),
    foreignKey({ columns: [t.tenantId, t.machineId], foreignColumns: [machines.tenantId, machines.id] }),
    index('machine_bindings_product_idx').on(t.tenantId, t.machineId, t.poolId, t.productCode),
  ],
);

/** One run of the migration tool on a machine, started by an account. */
export const jobs = pgTable(
  'jobs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The agent's own key for the job: a retried start finds the job it made. */
    clientKey: text('client_key').notNull(),
    machineId: uuid('machine_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The API key the agent started the job with (decision 032); null when signed in as a person. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    name: text('name').notNull(),
    productCode: text('product_code').notNull(),
    /** NodeLocked: the machine's binding covers every mailbox; PerMailbox: each mailbox draws a unit. */
    licensing: text('licensing').notNull(),
    status: text('status').notNull().default('InProgress'),
    ...itemCounters('bigint'),
    mailboxCount: count('mailbox_count'),
    mailboxesCompleted: count('mailboxes_completed'),
    mailboxesCompletedWithErrors: count('mailboxes_completed_with_errors'),
    mailboxesFailed: count('mailboxes_failed'),
    mailboxesCancelled: count('mailboxes_cancelled'),
    startDate: at('start_date').notNull(),
    endDate: at('end_date'),
    errorMessage: text('error_message'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.machineId], foreignColumns: [machines.tenantId, machines.id] }),
    uniqueIndex('jobs_client_key_idx').on(t.tenantId, t.machineId, t.accountId, t.clientKey),
    // DESC NULLS FIRST is what `ORDER BY start_date DESC` means: an index in NULLS LAST order does
    // not serve it (start_date is NOT NULL, but the planner does not use that) and a 25-job page
    // sorted 60,000 rows (72 ms instead of under 1 ms at 100,000 jobs; docs/performance.md).
    index('jobs_tenant_start_idx').on(t.tenantId, t.startDate.desc().nullsFirst(), t.id),
    index('jobs_account_start_idx').on(t.tenantId, t.accountId, t.startDate.desc().nullsFirst(), t.id),
    index('jobs_machine_start_idx').on(t.tenantId, t.machineId, t.startDate.desc().nullsFirst(), t.id),
    // A SuperAdmin opens a job by id alone (a fan-out on a distributed database; decision 019).
    index('jobs_id_idx').on(t.id),
    // The command palette's search by the start of a job's name (modules/search, decision 048).
    index('jobs_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`, t.tenantId),
    // The sweep that ends jobs whose mailboxes have all ended and whose machine went silent reads
    // only the jobs still in progress (agent.timeout.ts).
    index('jobs_in_progress_idx')
      .on(t.tenantId, t.startDate)
      .where(sql`status = 'InProgress'`),
    check('jobs_status_valid', sql.raw(`status ${STATUS_CHECK}`)),
    check('jobs_licensing_valid', sql`${t.licensing} IN ('NodeLocked', 'PerMailbox')`),
    check(
      'jobs_counters_nonnegative',
      sql`${t.totalItems} >= 0 AND ${t.migratedItems} >= 0 AND ${t.failedItems} >= 0 AND ${t.filteredItems} >= 0 AND ${t.mailboxCount} >= 0`,
    ),
    check('jobs_dates_ordered', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    check('jobs_skipped_nonnegative', sql`${t.skippedItems} >= 0`),
  ],
);

/** One mailbox of a job; unique by source mailbox within the job (the natural key of a retry). */
export const mailboxes = pgTable(
  'mailboxes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    jobId: uuid('job_id').notNull(),
    sourceMailbox: text('source_mailbox').notNull(),
    sourceType: text('source_type').notNull(),
    targetMailbox: text('target_mailbox').notNull(),
    destinationType: text('destination_type').notNull(),
    status: text('status').notNull().default('InProgress'),
    ...itemCounters('bigint'),
    folderCount: count('folder_count'),
    startDate: at('start_date').notNull(),
    endDate: at('end_date'),
    errorMessage: text('error_message'),
    /** None (node-locked job), Reserved, Consumed or Released: where its license unit stands. */
    licenseState: text('license_state').notNull(),
    /** What the Reserve moved (pool, group, lots), so that Consume or Release settles exactly that. */
    reservation: jsonb('reservation').$type<MailboxReservation>(),
    /** The agent's last word on this mailbox; a silent InProgress mailbox is released after a timeout. */
    lastReportAt: at('last_report_at').notNull(),
    ...mailboxCompleteness(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.jobId], foreignColumns: [jobs.tenantId, jobs.id] }),
    uniqueIndex('mailboxes_job_source_idx').on(t.tenantId, t.jobId, t.sourceMailbox),
    index('mailboxes_job_start_idx').on(t.tenantId, t.jobId, t.startDate.desc().nullsFirst(), t.id),
    index('mailboxes_id_idx').on(t.id),
    index('mailboxes_in_progress_idx')
      .on(t.lastReportAt)
      .where(sql`status = 'InProgress'`),
    check('mailboxes_status_valid', sql.raw(`status ${STATUS_CHECK}`)),
    check('mailboxes_license_state_valid', sql`${t.licenseState} IN ('None', 'Reserved', 'Consumed', 'Released')`),
    check(
      'mailboxes_counters_nonnegative',
      sql`${t.totalItems} >= 0 AND ${t.migratedItems} >= 0 AND ${t.failedItems} >= 0 AND ${t.filteredItems} >= 0 AND ${t.folderCount} >= 0`,
    ),
    check('mailboxes_dates_ordered', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    ...mailboxCompletenessChecks(t),
  ],
);

/** One folder of a mailbox, with absolute counters (a retried progress report changes nothing). */
export const folders = pgTable(
  'folders',
  {
    tenantId: uuid('tenant_id').notNull(),
    mailboxId: uuid('mailbox_id').notNull(),
    folderPath: text('folder_path').notNull(),
    status: text('status').notNull().default('InProgress'),
    ...itemCounters('int'),
    startDate: at('start_date').notNull(),
    endDate: at('end_date'),
    errorMessage: text('error_message'),
    ...folderCompleteness(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.mailboxId, t.folderPath] }),
    foreignKey({ columns: [t.tenantId, t.mailboxId], foreignColumns: [mailboxes.tenantId, mailboxes.id] }),
    index('folders_mailbox_start_idx').on(t.tenantId, t.mailboxId, t.startDate.desc().nullsFirst(), t.folderPath),
    check('folders_status_valid', sql.raw(`status ${STATUS_CHECK}`)),
    check(
      'folders_counters_nonnegative',
      sql`${t.totalItems} >= 0 AND ${t.migratedItems} >= 0 AND ${t.failedItems} >= 0 AND ${t.filteredItems} >= 0`,
    ),
    check(
      'folders_completeness_nonnegative',
      sql`${t.skippedItems} >= 0 AND ${t.missingItems} >= 0 AND coalesce(${t.sourceItems}, 0) >= 0 AND coalesce(${t.sourceBytes}, 0) >= 0 AND coalesce(${t.destinationItems}, 0) >= 0 AND coalesce(${t.destinationBytes}, 0) >= 0`,
    ),
  ],
);

/**
 * Kept counts per (account, machine), written with every job and mailbox start and end: the
 * Machine and User views and the job totals read these few rows instead of counting jobs
 * (decision 018).
 */
export const reportStats = pgTable(
  'report_stats',
  {
    tenantId: uuid('tenant_id').notNull(),
    accountId: uuid('account_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    jobCount: count('job_count'),
    mailboxCount: count('mailbox_count'),
    lastJobStartDate: at('last_job_start_date'),
    lastJobEndDate: at('last_job_end_date'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.accountId, t.machineId] }),
    foreignKey({ columns: [t.tenantId, t.machineId], foreignColumns: [machines.tenantId, machines.id] }),
    index('report_stats_machine_idx').on(t.tenantId, t.machineId),
    check('report_stats_counts_nonnegative', sql`${t.jobCount} >= 0 AND ${t.mailboxCount} >= 0`),
  ],
);
