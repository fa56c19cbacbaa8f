import { SKIP_CATEGORY_LABELS, VERDICT_LABELS } from '@portal/contracts/completeness';
import type { FolderReportRow, MailboxReportRow } from '@portal/contracts/reports';
import type { CsvColumn } from '../../lib/csv';

/** The completeness columns of the Mailboxes export (decision 044), after the counters. */
export const MAILBOX_COMPLETENESS_CSV: readonly CsvColumn<MailboxReportRow>[] = [
  { header: 'Skipped items', value: (r) => r.skippedItems },
  { header: 'Missing items', value: (r) => r.missingItems },
  { header: 'Source items', value: (r) => r.sourceItems },
  { header: 'Destination items', value: (r) => r.destinationItems },
  { header: 'Accepted skipped items', value: (r) => r.acceptedSkippedItems },
  { header: 'Verdict', value: (r) => VERDICT_LABELS[r.verdict] },
  { header: 'Consistency score', value: (r) => r.consistencyScore },
  { header: 'Consistency', value: (r) => r.consistencyGrade },
];

/** The completeness columns of the Folders export: counts, sizes, skips by reason ("Corrupt: 2; Too large: 1"). */
export const FOLDER_COMPLETENESS_CSV: readonly CsvColumn<FolderReportRow>[] = [
  { header: 'Skipped items', value: (r) => r.skippedItems },
  { header: 'Missing items', value: (r) => r.missingItems },
  { header: 'Source items', value: (r) => r.sourceItems },
  { header: 'Source size (bytes)', value: (r) => r.sourceBytes },
  { header: 'Destination items', value: (r) => r.destinationItems },
  { header: 'Destination size (bytes)', value: (r) => r.destinationBytes },
  {
    header: 'Skipped by reason',
    value: (r) => r.skips.map((skip) => `${SKIP_CATEGORY_LABELS[skip.category]}: ${skip.count}`).join('; '),
  },
  { header: 'Verdict', value: (r) => VERDICT_LABELS[r.verdict] },
];
