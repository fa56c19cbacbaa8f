import {
  type ConsistencyGrade,
  SKIP_CATEGORY_LABELS,
  type SkipCategory,
  type Verdict,
  VERDICT_LABELS,
} from '@portal/contracts/completeness';
import { LICENSING_LABELS, MIGRATION_STATUS_LABELS } from '@portal/contracts/labels';
import type { MigrationStatus } from '@portal/contracts/reports';

/**
 * Every word the customer report PDFs print (the job's and a mailbox's: reports.pdf-render.ts and
 * reports.pdf-cover.ts), in one table per language (decision 052). English is the source, the
 * screens' words (contracts/labels.ts, completeness.ts). A document looks its table up once.
 */
export interface PdfText {
  /** The document's /Lang. */
  lang: string;
  jobTitle: (job: string) => string;
  mailboxTitle: (mailbox: string) => string;
  migrationReport: string;
  mailboxReport: string;
  /** "Name (email), API key Name": a key's caller on the cover. */
  viaApiKey: (who: string, key: string) => string;
  // The cover's headings and facts.
  job: string;
  mailbox: string;
  summary: string;
  completeness: string;
  mailboxesByStatus: string;
  requestedBy: string;
  generated: string;
  timeZone: string;
  allTimesIn: (zone: string) => string;
  start: (zone: string) => string;
  end: (zone: string) => string;
  machine: string;
  user: string;
  apiKey: string;
  product: string;
  licensing: string;
  status: string;
  sourceMailbox: string;
  sourceType: string;
  targetMailbox: string;
  destinationType: string;
  // The cover's figures.
  mailboxes: string;
  completion: string;
  totalItems: string;
  migratedItems: string;
  failedItems: string;
  skippedItems: string;
  filteredItems: string;
  itemsNotMigrated: string;
  missingItems: string;
  sourceItems: string;
  destinationItems: string;
  // The verdict's lines.
  worstConsistency: (grade: string) => string;
  consistency: (value: string) => string;
  completionIs: (value: string) => string;
  acceptedSkipped: (accepted: string, skipped: string) => string;
  skippedByReason: (reasons: string) => string;
  none: string;
  /** "Too large: 2": a label with its count. */
  labelled: (label: string, count: string) => string;
  // The tables.
  mailboxesIntro: string;
  mailboxColumns: readonly string[];
  foldersByMailbox: string;
  foldersIntro: string;
  folders: string;
  folderColumns: readonly string[];
  noFolders: string;
  /** "Too large: 2 skipped — e.g. A; B", samples '' for none. */
  skipLine: (reason: string, count: string, samples: string) => string;
  footer: (date: string, zone: string) => string;
  pageOf: (page: number, pages: number) => string;
  // The values the rows hold, in words.
  statuses: Record<MigrationStatus, string>;
  verdicts: Record<Verdict, string>;
  grades: Record<ConsistencyGrade, string>;
  skipReasons: Record<SkipCategory, string>;
  /** A status and a verdict as the tables' narrow columns print them (22 and 28 characters). */
  tableStatuses: Record<MigrationStatus, string>;
  tableVerdicts: Record<Verdict, string>;
  licensingWords: Readonly<Record<string, string>>;
}

export const PDF_TEXT_EN: PdfText = {
  lang: 'en',
  jobTitle: (job) => `Migration Report - ${job}`,
  mailboxTitle: (mailbox) => `Mailbox Report - ${mailbox}`,
  migrationReport: 'Migration Report',
  mailboxReport: 'Mailbox Report',
  viaApiKey: (who, key) => `${who}, API key ${key}`,
  job: 'Job',
  mailbox: 'Mailbox',
  summary: 'Summary',
  completeness: 'Completeness',
  mailboxesByStatus: 'Mailboxes by status',
  requestedBy: 'Requested by',
  generated: 'Generated',
  timeZone: 'Time zone',
  allTimesIn: (zone) => `${zone} (all times in this report)`,
  start: (zone) => `Start (${zone})`,
  end: (zone) => `End (${zone})`,
  machine: 'Machine',
  user: 'User',
  apiKey: 'API key',
  product: 'Product',
  licensing: 'Licensing',
  status: 'Status',
  sourceMailbox: 'Source Mailbox',
  sourceType: 'Source type',
  targetMailbox: 'Target Mailbox',
  destinationType: 'Destination type',
  mailboxes: 'Mailboxes',
  completion: 'Completion',
  totalItems: 'Total items',
  migratedItems: 'Migrated items',
  failedItems: 'Failed items',
  skippedItems: 'Skipped items',
  filteredItems: 'Filtered items',
  itemsNotMigrated: 'Items not migrated',
  missingItems: 'Missing items',
  sourceItems: 'Source items',
  destinationItems: 'Destination items',
  worstConsistency: (grade) => `Worst consistency: ${grade}`,
  consistency: (value) => `Consistency ${value}`,
  completionIs: (value) => `Completion ${value}`,
  acceptedSkipped: (accepted, skipped) => `Accepted skipped items: ${accepted} of ${skipped}`,
  skippedByReason: (reasons) => `Skipped by reason: ${reasons}`,
  none: 'none',
  labelled: (label, count) => `${label}: ${count}`,
  mailboxesIntro:
    'Each mailbox with its status, its completeness verdict and its consistency score; the folders of each follow.',
  mailboxColumns: [
    'Source Mailbox',
    'Target Mailbox',
    'Status',
    'Verdict',
    'Consistency',
    'Items',
    'Migrated',
    'Failed',
    'Skipped',
    'Completion',
  ],
  foldersByMailbox: 'Folders by mailbox',
  foldersIntro: 'Each folder with its counters and verdict; skipped items by reason, with a few of their subjects.',
  folders: 'Folders',
  folderColumns: ['Folder', 'Items', 'Migrated', 'Failed', 'Skipped', 'Missing', 'Verdict'],
  noFolders: 'No folders reported.',
  skipLine: (reason, count, samples) => `${reason}: ${count} skipped${samples ? ` — e.g. ${samples}` : ''}`,
  footer: (date, zone) => `Generated ${date} ${zone} · All times are in ${zone}.`,
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  statuses: MIGRATION_STATUS_LABELS,
  verdicts: VERDICT_LABELS,
  grades: { Perfect: 'Perfect', Good: 'Good', Investigate: 'Investigate', Poor: 'Poor' },
  skipReasons: SKIP_CATEGORY_LABELS,
  tableStatuses: MIGRATION_STATUS_LABELS,
  tableVerdicts: VERDICT_LABELS,
  licensingWords: LICENSING_LABELS,
};

/** A value's words in a table of labels, the value itself when the table has none. */
export const wordOf = (words: Readonly<Record<string, string>>, value: string): string => words[value] ?? value;
