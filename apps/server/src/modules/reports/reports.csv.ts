import type {
  FolderReportRow,
  JobReportRow,
  MachineReportRow,
  MailboxReportRow,
  ReportCounters,
  UserReportRow,
} from '@portal/contracts/reports';
import { actorLabel, migrationStatusLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';
import { FOLDER_COMPLETENESS_CSV, MAILBOX_COMPLETENESS_CSV } from './reports.completeness-csv';

/**
 * Every row of a view, `batchSize` at a time through the view's own page query (offset batches: the
 * Machine and User views read report_stats' few kept rows, the others walk their index). The first
 * page is read before the answer begins, so that an id outside the scope is the JSON 404.
 */
export async function pagesOf<T>(
  read: (page: { pageNumber: number; pageSize: number }) => Promise<{ items: T[] }>,
  batchSize: number,
): Promise<AsyncGenerator<T[]>> {
  const first = await read({ pageNumber: 1, pageSize: batchSize });
  return (async function* () {
    let page = first;
    for (let pageNumber = 1; ;) {
      if (page.items.length > 0) yield page.items;
      if (page.items.length < batchSize) return;
      page = await read({ pageNumber: ++pageNumber, pageSize: batchSize });
    }
  })();
}

/* The columns of the five views' exports (reports.routes.ts), as the report screens show them. */

const lastJobColumns = <
  T extends { jobCount: number; lastJobStartDate: string | null; lastJobEndDate: string | null },
>(): CsvColumn<T>[] => [
  { header: 'Jobs', value: (r) => r.jobCount },
  { header: 'Last job start', value: (r) => r.lastJobStartDate },
  { header: 'Last job end', value: (r) => r.lastJobEndDate },
];

/** The counters every job, mailbox and folder row carries (docs/product.md#the-api). */
const counterColumns = <T extends ReportCounters>(): CsvColumn<T>[] => [
  { header: 'Status', value: (r) => migrationStatusLabel(r.status) },
  { header: 'Total items', value: (r) => r.totalItems },
  { header: 'Migrated items', value: (r) => r.migratedItems },
  { header: 'Failed items', value: (r) => r.failedItems },
  { header: 'Filtered items', value: (r) => r.filteredItems },
  { header: 'Completion %', value: (r) => r.completionPercentage },
  { header: 'Start', value: (r) => r.startDate },
  { header: 'End', value: (r) => r.endDate },
  { header: 'Error', value: (r) => r.errorMessage },
];

export const MACHINE_COLUMNS: readonly CsvColumn<MachineReportRow>[] = [
  { header: 'Machine', value: (r) => r.name },
  { header: 'Mailboxes', value: (r) => r.accountCount },
  ...lastJobColumns<MachineReportRow>(),
];

export const USER_COLUMNS: readonly CsvColumn<UserReportRow>[] = [
  { header: 'User', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  ...lastJobColumns<UserReportRow>(),
];

export const JOB_COLUMNS: readonly CsvColumn<JobReportRow>[] = [
  { header: 'Job', value: (r) => r.name },
  { header: 'Machine', value: (r) => r.machineName },
  { header: 'User', value: (r) => actorLabel(r.userName, r.apiKeyName) },
  { header: 'Product code', value: (r) => r.productCode },
  { header: 'Mailboxes', value: (r) => r.accountCount },
  ...counterColumns<JobReportRow>(),
];

export const MAILBOX_COLUMNS: readonly CsvColumn<MailboxReportRow>[] = [
  { header: 'Source mailbox', value: (r) => r.sourceMailbox },
  { header: 'Source type', value: (r) => r.sourceType },
  { header: 'Target mailbox', value: (r) => r.targetMailbox },
  { header: 'Destination type', value: (r) => r.destinationType },
  { header: 'Folders', value: (r) => r.folderCount },
  ...counterColumns<MailboxReportRow>(),
  ...MAILBOX_COMPLETENESS_CSV,
];

export const FOLDER_COLUMNS: readonly CsvColumn<FolderReportRow>[] = [
  { header: 'Folder', value: (r) => r.folderPath },
  ...counterColumns<FolderReportRow>(),
  ...FOLDER_COMPLETENESS_CSV,
];
