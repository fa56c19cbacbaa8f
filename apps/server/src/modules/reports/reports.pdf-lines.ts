import {
  consistencyScoreOf,
  SKIP_CATEGORIES,
  type SkipCategory,
  type Verdict,
  verdictOf,
} from '@portal/contracts/completeness';
import { formatDayTimeIn } from '@portal/contracts/dates';
import type { Locale } from '@portal/contracts/locales';
import { type PdfText, wordOf } from '../../lib/i18n/pdf-text';
import type { ReadableJob } from './reports.drill-down';
import { COLOR } from './reports.pdf-layout';
import { completionPercentage, type DbTimestamp, isoOf } from './reports.rows';

// The rows the customer report is made of and how their values read (the screens' labels and formats).

/** Samples printed per reason of a folder, and their length: the screens keep the rest. */
export const SAMPLES_SHOWN = 3;
export const SAMPLE_CHARS = 48;

export interface SkipLine {
  category: SkipCategory;
  count: number;
  samples: string[];
}

/** A mailbox row as the PDF reads it (reports.pdf.ts's query). */
export interface MailboxLine {
  id: string;
  source_mailbox: string;
  target_mailbox: string;
  status: string;
  total_items: number;
  migrated_items: number;
  failed_items: number;
  filtered_items: number;
  skipped_items: number;
  missing_items: number;
  source_items: number;
  destination_items: number;
  accepted_skipped_items: number;
  verdict: string;
  consistency: string;
  start_key: string;
}

export interface FolderLine {
  mailbox_id: string;
  folder_path: string;
  status: string;
  total_items: number;
  migrated_items: number;
  failed_items: number;
  skipped_items: number;
  missing_items: number;
  /** At most SAMPLES_SHOWN samples per reason, each cut in the query. */
  skips: SkipLine[] | null;
}

/** dd/MM/yyyy HH:mm:ss as the clocks of `timeZone` read (contracts/dates.ts, as the screens), or '-'. */
export function reportDate(value: DbTimestamp | string | null, timeZone: string): string {
  const iso = value === null ? null : isoOf(value);
  return iso ? formatDayTimeIn(new Date(iso), timeZone) : '-';
}

export const percent = (value: number) => `${(Number.isFinite(value) ? value : 0).toFixed(2)}%`;
/** 1,234,567: a regular expression, about ten times cheaper than Intl per call. */
export const count = (value: number) =>
  value < 1000 ? String(value) : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const verdictLabel = (value: string, words: PdfText) => wordOf(words.verdicts, value);

/** "95.00% (Investigate)": the screens' consistency text without its word, which the column says. */
export function consistencyOf(row: MailboxLine, words: PdfText): string {
  const score = consistencyScoreOf({
    status: row.status,
    totalItems: row.total_items,
    failedItems: row.failed_items,
    skippedItems: row.skipped_items,
    missingItems: row.missing_items,
    acceptedSkippedItems: row.accepted_skipped_items,
    sourceItems: row.source_items,
  });
  return `${percent(score)} (${wordOf(words.grades, row.consistency)})`;
}

export const completionOf = (row: MailboxLine) =>
  percent(
    completionPercentage(
      {
        totalItems: row.total_items,
        migratedItems: row.migrated_items,
        failedItems: row.failed_items,
        filteredItems: row.filtered_items,
        skippedItems: row.skipped_items,
      },
      row.status,
    ),
  );

/** The chart's bars. In the tables only what needs a look is coloured (each colour switch is paid per row). */
export const STATUS_COLORS: Record<string, string> = {
  Completed: COLOR.good,
  CompletedWithErrors: COLOR.warn,
  Failed: COLOR.bad,
  Cancelled: COLOR.neutral,
  InProgress: COLOR.info,
  NotStarted: COLOR.neutral,
};
export const VERDICT_COLORS: Record<string, string> = {
  Complete: COLOR.good,
  CompleteWithAcceptedSkips: COLOR.info,
  Incomplete: COLOR.bad,
};
export const TABLE_STATUS_COLORS: Record<string, string> = { CompletedWithErrors: COLOR.warn, Failed: COLOR.bad };
export const TABLE_VERDICT_COLORS: Record<string, string> = {
  CompleteWithAcceptedSkips: COLOR.info,
  Incomplete: COLOR.bad,
};

/** "Too large: 2 · Corrupt: 1", in the order of the categories; '' with none. */
export function skipsText(skips: Map<SkipCategory, number>, words: PdfText): string {
  return SKIP_CATEGORIES.filter((category) => (skips.get(category) ?? 0) > 0)
    .map((category) => words.labelled(words.skipReasons[category], count(skips.get(category) ?? 0)))
    .join(' · ');
}

/** One mailbox's report: the row, its job and its skipped items summed by reason. */
export interface MailboxSetup {
  row: MailboxLine & {
    source_type: string;
    destination_type: string;
    start_date: DbTimestamp;
    end_date: DbTimestamp | null;
  };
  skips: { category: SkipCategory; count: number }[];
}

/** What the cover needs, who asked, and the clock and zone the report is written in. */
export interface PdfSetup {
  job: ReadableJob;
  organisation: string;
  requestedBy: string;
  now: Date;
  timeZone: string;
  /** The language of its words (pdf-text.ts), English when absent. */
  locale?: Locale;
  /** Set for one mailbox's report; absent for the job's. */
  mailbox?: MailboxSetup;
}

/**
 * A folder's verdict (decision 044), as reports.completeness.ts's folderCompletenessOf decides it:
 * its own counters with its mailbox's status and acceptance (that module holds SQL, which a worker
 * thread does not load).
 */
export function folderVerdictKey(folder: FolderLine, mailbox: MailboxLine): Verdict {
  const endedWell = (status: string) => status === 'Completed' || status === 'CompletedWithErrors';
  const status =
    folder.status === 'InProgress' || folder.status === 'NotStarted'
      ? endedWell(mailbox.status)
        ? 'Completed'
        : folder.status
      : folder.status;
  const accepted = mailbox.skipped_items > 0 && mailbox.accepted_skipped_items >= mailbox.skipped_items;
  return verdictOf({
    status,
    totalItems: 0,
    failedItems: folder.failed_items,
    skippedItems: folder.skipped_items,
    missingItems: folder.missing_items,
    acceptedSkippedItems: accepted ? folder.skipped_items : 0,
    sourceItems: 0,
  });
}

export const folderVerdict = (folder: FolderLine, mailbox: MailboxLine, words: PdfText) =>
  words.tableVerdicts[folderVerdictKey(folder, mailbox)];
