import PDFDocument from 'pdfkit';
import { formatDayTimeIn } from '@portal/contracts/dates';
import { licensingLabel, MIGRATION_STATUS_LABELS, migrationStatusLabel } from '@portal/contracts/labels';
import { MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
import type { ReadableJob } from './reports.drill-down';
import { type Column, PdfPages, ROW } from './reports.pdf-layout';
import { completionPercentage, type DbTimestamp, isoOf } from './reports.rows';

// The job PDF's layout from rows already read: pure CPU work, run in a worker thread
// (reports.pdf-worker.ts) or, with CPU_WORKER_THREADS=0, on the request thread (reports.pdf.ts).

const MAILBOX_COLUMNS: readonly Column[] = [
  { x: 40, chars: 36 },
  { x: 182, chars: 36 },
  { x: 324, chars: 22 },
  { x: 412, chars: 10 },
  { x: 452, chars: 10 },
  { x: 492, chars: 8 },
  { x: 526, chars: 8 },
];
const MAILBOX_HEADING: readonly Column[] = [{ x: 40, chars: 110 }];
/** The folders under each mailbox: what the source held and what was migrated. */
const FOLDER_COLUMNS: readonly Column[] = [
  { x: 50, chars: 80 },
  { x: 400, chars: 14 },
  { x: 480, chars: 14 },
];

export interface MailboxLine {
  id: string;
  source_mailbox: string;
  target_mailbox: string;
  status: string;
  total_items: number;
  migrated_items: number;
  failed_items: number;
  filtered_items: number;
  start_key: string;
}
export interface FolderLine {
  mailbox_id: string;
  folder_path: string;
  total_items: number;
  migrated_items: number;
}

/** dd/MM/yyyy HH:mm:ss as the clocks of `timeZone` read (contracts/dates.ts, as the screens), or '-'. */
export function reportDate(value: DbTimestamp | string | null, timeZone: string): string {
  const iso = value === null ? null : isoOf(value);
  return iso ? formatDayTimeIn(new Date(iso), timeZone) : '-';
}

const percent = (value: number) => `${value.toFixed(2)}%`;
/** 1,234,567: a regular expression, about ten times cheaper than Intl per call. */
const count = (value: number) => (value < 1000 ? String(value) : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ','));

function cover(pages: PdfPages, job: ReadableJob, now: Date, timeZone: string): void {
  const { summary } = job;
  const lines: [string, string][] = [
    ['Machine', summary.machineName],
    ['Account', `${summary.userName} (${job.userEmail})`],
    ...(summary.apiKeyName ? ([['API key', summary.apiKeyName]] as [string, string][]) : []),
    ['Product', summary.productCode],
    ['Licensing', licensingLabel(job.licensing)],
    ['Status', migrationStatusLabel(summary.status)],
    ['Start date', `${reportDate(summary.startDate, timeZone)} ${timeZone}`],
    ['End date', summary.endDate ? `${reportDate(summary.endDate, timeZone)} ${timeZone}` : '-'],
  ];
  const byStatus = summary.mailboxesByStatus;
  const mailboxes: [string, string][] = [
    ['Mailboxes', count(summary.accountCount)],
    ...MAILBOX_COUNT_STATUSES.map((status): [string, string] => [
      MIGRATION_STATUS_LABELS[status],
      count(byStatus[status]),
    ]),
  ];
  const items: [string, string][] = [
    ['Total items', count(summary.totalItems)],
    ['Migrated items', count(summary.migratedItems)],
    ['Failed items', count(summary.failedItems)],
    ['Filtered items', count(summary.filteredItems)],
    ['Completion', percent(summary.completionPercentage)],
  ];
  pages.newPage();
  pages.heading('Migration Report', 20);
  pages.heading(summary.name, 14);
  pages.text(`Generated ${reportDate(now, timeZone)} ${timeZone}. All times are in ${timeZone}.`, 9);
  for (const [title, block] of [
    ['Job', lines],
    ['Mailboxes', mailboxes],
    ['Items', items],
  ] as const) {
    pages.heading(title, 12);
    for (const [label, value] of block) pages.field(label, value);
  }
}

function mailboxTitles(pages: PdfPages): void {
  pages.row(MAILBOX_COLUMNS, ['Source', 'Target', 'Status', 'Items', 'Migrated', 'Failed', '%'], true);
  pages.rule();
}

function folderTitles(pages: PdfPages): void {
  pages.row(FOLDER_COLUMNS, ['Folder', 'Total (source)', 'Migrated'], true);
  pages.rule();
}

const percentOf = (row: MailboxLine) =>
  percent(
    completionPercentage(
      {
        totalItems: row.total_items,
        migratedItems: row.migrated_items,
        failedItems: row.failed_items,
        filteredItems: row.filtered_items,
      },
      row.status,
    ),
  );

/** What the cover needs, and the clock and zone the report is written in. */
export interface PdfSetup {
  job: ReadableJob;
  now: Date;
  timeZone: string;
}

/**
 * The job's report, laid out as its rows arrive: the cover with the job and its totals, the table
 * of its mailboxes (`mailboxes`, batch after batch), then each mailbox's folders (`folders`).
 * pdfkit's bytes go to `onData` as each page is done.
 */
export class JobPdfRenderer {
  private readonly doc: InstanceType<typeof PDFDocument>;
  private readonly pages: PdfPages;
  private readonly ended: Promise<void>;
  private section: 'mailboxes' | 'folders' = 'mailboxes';

  constructor({ job, now, timeZone }: PdfSetup, onData: (chunk: Buffer) => void) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      info: { Title: `Migration Report - ${job.summary.name}`, Creator: 'License portal' },
    });
    this.doc.on('data', onData);
    this.ended = new Promise<void>((resolve) => this.doc.on('end', resolve));
    const pages = new PdfPages(this.doc);
    this.pages = pages;
    cover(pages, job, now, timeZone);
    pages.newPage();
    pages.heading('Mailboxes', 14);
    mailboxTitles(pages);
    pages.continuation = () => mailboxTitles(pages);
  }

  /** The next rows of the mailbox table. */
  mailboxes(batch: readonly MailboxLine[]): void {
    const { pages } = this;
    for (const row of batch) {
      pages.row(MAILBOX_COLUMNS, [
        row.source_mailbox,
        row.target_mailbox,
        migrationStatusLabel(row.status),
        count(row.total_items),
        count(row.migrated_items),
        count(row.failed_items),
        percentOf(row),
      ]);
    }
  }

  /** The next mailboxes of the folder section, each with its folders (in `folders`, by mailbox). */
  folders(batch: readonly Pick<MailboxLine, 'id' | 'source_mailbox'>[], folders: readonly FolderLine[]): void {
    const { pages } = this;
    this.startFolders();
    const byMailbox = new Map<string, FolderLine[]>();
    for (const folder of folders) {
      const list = byMailbox.get(folder.mailbox_id);
      if (list) list.push(folder);
      else byMailbox.set(folder.mailbox_id, [folder]);
    }
    for (const mailbox of batch) {
      pages.room(ROW * 2);
      pages.row(MAILBOX_HEADING, [mailbox.source_mailbox], true);
      for (const folder of byMailbox.get(mailbox.id) ?? []) {
        pages.row(FOLDER_COLUMNS, [folder.folder_path, count(folder.total_items), count(folder.migrated_items)]);
      }
    }
  }

  private startFolders(): void {
    if (this.section === 'folders') return;
    const { pages } = this;
    this.section = 'folders';
    pages.continuation = null;
    pages.newPage();
    pages.heading('Folders by mailbox', 14);
    folderTitles(pages);
    pages.continuation = () => folderTitles(pages);
  }

  /** Ends the document; resolves once its last bytes went to `onData`. */
  end(): Promise<void> {
    this.startFolders();
    this.doc.end();
    return this.ended;
  }
}
