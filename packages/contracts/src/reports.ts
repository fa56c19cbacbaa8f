import { z } from 'zod';
import { pageNumberField } from './envelope';
import { DEFAULT_TIME_ZONE, isTimeZone } from './dates';
import { idField, inputObject, queryFlag, text } from './fields';
import {
  folderCompletenessSchema,
  jobCompletenessSchema,
  mailboxCompletenessSchema,
  onlyIncompleteField,
} from './completeness';

/** Where a job, a mailbox or a folder stands (docs/product.md, "Licenses, pools and stock"; decision 018). */
export const MIGRATION_STATUSES = [
  'NotStarted',
  'InProgress',
  'Completed',
  'CompletedWithErrors',
  'Failed',
  'Cancelled',
] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];
/** How a mailbox or a job may end. */
export const FINAL_STATUSES = ['Completed', 'CompletedWithErrors', 'Failed', 'Cancelled'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

export const REPORT_VIEW_TYPES = ['Machine', 'User', 'Job', 'Mailbox', 'Folder'] as const;
export type ReportViewType = (typeof REPORT_VIEW_TYPES)[number];

/** Page sizes of the report screens: default first, then the options. */
export const REPORT_PAGE_SIZES = {
  Folder: [500, 1000, 1500, 2000, 2500],
  Mailbox: [10, 20, 30, 100, 125],
  Job: [25, 50, 75, 100, 125],
  Machine: [25, 50, 75, 100, 125],
  User: [25, 50, 75, 100, 125],
} as const satisfies Record<ReportViewType, readonly number[]>;

export const REPORT_MSG = {
  jobIdRequired: 'jobId is required for the Mailbox view',
  mailboxIdRequired: 'mailboxId is required for the Folder view',
  downloadFailed: 'Failed to download report. Please try again.',
} as const;

/* ------------------------------------------------------------------------------- request */

/** An id the view needs: its own message when it is missing, 'Invalid id' when it is not a uuid. */
const requiredId = (missing: string) =>
  z.uuid({ error: (issue) => (issue.input === undefined ? missing : 'Invalid id') });
const pageSizeOf = (view: ReportViewType) => {
  const sizes = REPORT_PAGE_SIZES[view];
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...sizes))
    .default(sizes[0]);
};

/**
 * `POST /Report`: one body per viewType. Folder needs mailboxId, Mailbox needs jobId; Job may be
 * narrowed to a userId, a machineName or both. Page sizes are capped per view (REPORT_PAGE_SIZES).
 */
export const reportRequestSchema = z.discriminatedUnion('viewType', [
  inputObject({ viewType: z.literal('Machine'), pageNumber: pageNumberField, pageSize: pageSizeOf('Machine') }),
  inputObject({ viewType: z.literal('User'), pageNumber: pageNumberField, pageSize: pageSizeOf('User') }),
  inputObject({
    viewType: z.literal('Job'),
    pageNumber: pageNumberField,
    pageSize: pageSizeOf('Job'),
    userId: idField.optional(),
    machineName: text().trim().min(1).max(200).optional(),
  }),
  inputObject({
    viewType: z.literal('Mailbox'),
    pageNumber: pageNumberField,
    pageSize: pageSizeOf('Mailbox'),
    jobId: requiredId(REPORT_MSG.jobIdRequired),
    /** Only the mailboxes whose verdict is Incomplete (decision 044). */
    onlyIncomplete: onlyIncompleteField,
  }),
  inputObject({
    viewType: z.literal('Folder'),
    pageNumber: pageNumberField,
    pageSize: pageSizeOf('Folder'),
    mailboxId: requiredId(REPORT_MSG.mailboxIdRequired),
    /** Only the folders whose verdict is Incomplete (decision 044). */
    onlyIncomplete: onlyIncompleteField,
  }),
]);
export type ReportRequest = z.input<typeof reportRequestSchema>;

/* ------------------------------------------------------------------------------- rows */

/** The counters and dates every job, mailbox and folder row carries. */
export const reportCountersSchema = z.object({
  totalItems: z.number().int(),
  migratedItems: z.number().int(),
  failedItems: z.number().int(),
  filteredItems: z.number().int(),
  /** Items the agent skipped with a reason (decision 044); 0 from an agent that reports none. */
  skippedItems: z.number().int(),
  /** (migrated + failed + filtered + skipped) / total, in percent with two decimals (decision 018). */
  completionPercentage: z.number(),
  status: z.enum(MIGRATION_STATUSES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type ReportCounters = z.infer<typeof reportCountersSchema>;

export const machineReportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  jobCount: z.number().int(),
  lastJobStartDate: z.string().nullable(),
  lastJobEndDate: z.string().nullable(),
  /** Mailboxes migrated on the machine. */
  accountCount: z.number().int(),
  /** Node-locked units bound to it (decision 045). */
  boundUnitCount: z.number().int(),
  /** An Admin blocked it: its agent calls are refused. */
  blocked: z.boolean(),
});
export type MachineReportRow = z.infer<typeof machineReportRowSchema>;

export const userReportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  jobCount: z.number().int(),
  lastJobStartDate: z.string().nullable(),
  lastJobEndDate: z.string().nullable(),
});
export type UserReportRow = z.infer<typeof userReportRowSchema>;

export const jobReportRowSchema = reportCountersSchema.extend({
  id: z.string(),
  name: z.string(),
  machineName: z.string(),
  userName: z.string(),
  /** The API key the agent started the job with; null when it signed in as a person. */
  apiKeyName: z.string().nullable(),
  /** Mailboxes in the job. */
  accountCount: z.number().int(),
  productCode: z.string(),
});
export type JobReportRow = z.infer<typeof jobReportRowSchema>;

/** The job above its mailboxes: its row and its mailboxes counted by status. */
export const jobSummarySchema = jobReportRowSchema.extend({
  userId: z.string(),
  /** The job's verdict and its mailboxes by verdict (decision 044). */
  completeness: jobCompletenessSchema,
  mailboxesByStatus: z.object({
    InProgress: z.number().int(),
    Completed: z.number().int(),
    CompletedWithErrors: z.number().int(),
    Failed: z.number().int(),
    Cancelled: z.number().int(),
  }),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** A job's mailboxes counted by status, in the order its screen and its PDF list them. */
export const MAILBOX_COUNT_STATUSES = [
  'InProgress',
  'Completed',
  'CompletedWithErrors',
  'Failed',
  'Cancelled',
] as const satisfies readonly (keyof JobSummary['mailboxesByStatus'])[];

export const mailboxReportRowSchema = reportCountersSchema
  .extend({
    id: z.string(),
    jobId: z.string(),
    sourceMailbox: z.string(),
    sourceType: z.string(),
    targetMailbox: z.string(),
    destinationType: z.string(),
    folderCount: z.number().int(),
  })
  .extend(mailboxCompletenessSchema.shape);
export type MailboxReportRow = z.infer<typeof mailboxReportRowSchema>;

export const folderReportRowSchema = reportCountersSchema
  .extend({ folderPath: z.string() })
  .extend(folderCompletenessSchema.shape);
export type FolderReportRow = z.infer<typeof folderReportRowSchema>;

/** `POST /Report` answers `data: { viewType, items, totalCount }`, with the parent on drill-downs. */
export const reportResultSchema = z.discriminatedUnion('viewType', [
  z.object({ viewType: z.literal('Machine'), items: z.array(machineReportRowSchema), totalCount: z.number().int() }),
  z.object({ viewType: z.literal('User'), items: z.array(userReportRowSchema), totalCount: z.number().int() }),
  z.object({
    viewType: z.literal('Job'),
    items: z.array(jobReportRowSchema),
    totalCount: z.number().int(),
    /** The user the list is narrowed to (its name for the heading), when userId was sent. */
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  }),
  z.object({
    viewType: z.literal('Mailbox'),
    items: z.array(mailboxReportRowSchema),
    totalCount: z.number().int(),
    job: jobSummarySchema,
  }),
  z.object({
    viewType: z.literal('Folder'),
    items: z.array(folderReportRowSchema),
    totalCount: z.number().int(),
    mailbox: mailboxReportRowSchema.extend({ jobName: z.string() }),
  }),
]);
export type ReportResult = z.infer<typeof reportResultSchema>;

/** `GET /Report/job/export`: the Job view's narrowing, as in `POST /Report` (no paging). */
export const jobReportExportQuerySchema = inputObject({
  userId: idField.optional(),
  machineName: text().trim().min(1).max(200).optional(),
});

/** The Mailboxes and Folders exports' filter, as in `POST /Report`: `?onlyIncomplete=true`. */
export const drillDownExportQuerySchema = inputObject({ onlyIncomplete: queryFlag });

/** `GET /report/job/{jobId}/pdf`. */
export const jobPdfParamsSchema = inputObject({ jobId: idField });

/** `GET /report/mailbox/{mailboxId}/pdf` (same query as the job's). */
export const mailboxPdfParamsSchema = inputObject({ mailboxId: idField });

export const TIME_ZONE_MSG = 'Unknown time zone: use an IANA name such as Europe/Paris';

/**
 * `GET /report/job/{jobId}/pdf?timeZone=Europe/Paris`: the zone the PDF writes its times in (the
 * web sends the viewer's own). When absent, the caller's account's zone (Settings → Profile; an
 * API key's owner's), else UTC: `pdfTimeZone`. An unknown zone is a 400 naming the field, never a
 * silent fall back to UTC: the reader would otherwise take UTC times for their own.
 */
export const jobPdfQuerySchema = inputObject({
  timeZone: text().trim().refine(isTimeZone, TIME_ZONE_MSG).optional(),
});

/** The zone a report PDF is written in: the one asked for, else the account's, else UTC. */
export function pdfTimeZone(asked: string | undefined, account: string | null): string {
  return asked ?? (account && isTimeZone(account) ? account : DEFAULT_TIME_ZONE);
}

/** The file name of a job's report when the answer names none: Migration_Report_{jobId}.pdf. */
export function jobReportFileName(jobId: string): string {
  return `Migration_Report_${jobId}.pdf`;
}

/** The file name of a mailbox's report when the answer names none: Mailbox_Report_{mailboxId}.pdf. */
export function mailboxReportFileName(mailboxId: string): string {
  return `Mailbox_Report_${mailboxId}.pdf`;
}
