import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { formatDayTimeIn } from '@portal/contracts/dates';
import { licensingLabel, MIGRATION_STATUS_LABELS, migrationStatusLabel } from '@portal/contracts/labels';
import { jobReportFileName, MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ReadableJob } from './reports.drill-down';
import { type Column, PdfPages, ROW } from './reports.pdf-layout';
import { completionPercentage, type DbTimestamp, isoOf } from './reports.rows';

/** Mailboxes read per statement: a keyset page of (start_date DESC, id), with its folders in one more. */
const BATCH = 500;

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

interface MailboxLine {
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
interface FolderLine {
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

/**
 * `attachment` with a readable name from the job's name: an ASCII one for old clients and the UTF-8
 * one (RFC 6266, `filename*`); the id's name when the job's name leaves nothing usable.
 */
export function contentDisposition(jobName: string, jobId: string): string {
  const readable = jobName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, 80);
  const name = readable ? `Migration_Report_${readable}.pdf` : jobReportFileName(jobId);
  const ascii = /^[\x20-\x7E]+$/.test(name) ? name : jobReportFileName(jobId);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Waits until `out` has room again (or is gone): the PDF never runs ahead of the client. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

async function* mailboxBatches(db: Database, job: ReadableJob): AsyncGenerator<MailboxLine[]> {
  let after: MailboxLine | undefined;
  for (;;) {
    const answer: unknown = await db.execute(sql`
      SELECT mb.id, mb.source_mailbox, mb.target_mailbox, mb.status, mb.total_items::float8 AS total_items,
        mb.migrated_items::float8 AS migrated_items, mb.failed_items::float8 AS failed_items,
        mb.filtered_items::float8 AS filtered_items, mb.start_date::text AS start_key
      FROM mailboxes mb
      WHERE mb.tenant_id = ${job.tenantId}::uuid AND mb.job_id = ${job.summary.id}::uuid
        ${after ? sql`AND (mb.start_date < ${after.start_key}::timestamptz OR (mb.start_date = ${after.start_key}::timestamptz AND mb.id > ${after.id}::uuid))` : sql``}
      ORDER BY mb.start_date DESC, mb.id
      LIMIT ${BATCH}`);
    const rows = rowsOf<MailboxLine>(answer);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1];
  }
}

async function foldersOf(db: Database, job: ReadableJob, mailboxes: MailboxLine[]): Promise<Map<string, FolderLine[]>> {
  const answer: unknown = await db.execute(sql`
    SELECT f.mailbox_id, f.folder_path, f.total_items, f.migrated_items
    FROM folders f
    WHERE f.tenant_id = ${job.tenantId}::uuid AND f.mailbox_id = ANY(${`{${mailboxes.map((m) => m.id).join(',')}}`}::uuid[])
    ORDER BY f.mailbox_id, f.start_date DESC, f.folder_path`);
  const byMailbox = new Map<string, FolderLine[]>();
  for (const folder of rowsOf<FolderLine>(answer)) {
    const list = byMailbox.get(folder.mailbox_id);
    if (list) list.push(folder);
    else byMailbox.set(folder.mailbox_id, [folder]);
  }
  return byMailbox;
}

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

/**
 * The job's report, written to `out` as it is made: a cover with the job and its totals, a table
 * of its mailboxes, then each mailbox's folders. Mailboxes are read in keyset batches and the next
 * batch waits for the client to take the last one, so memory stays flat at any size.
 */
export async function writeJobPdf(
  db: Database,
  job: ReadableJob,
  out: Writable,
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<void> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: `Migration Report - ${job.summary.name}`, Creator: 'License portal' },
  });
  // A client that went away destroys `out`: what is still made is dropped, and the next batch stops.
  doc.on('data', (chunk: Buffer) => {
    if (!out.destroyed) out.write(chunk);
  });
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  const pages = new PdfPages(doc);

  cover(pages, job, now, timeZone);
  pages.newPage();
  pages.heading('Mailboxes', 14);
  mailboxTitles(pages);
  pages.continuation = () => mailboxTitles(pages);
  for await (const batch of mailboxBatches(db, job)) {
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
    await drained(out);
    if (out.destroyed) return;
  }

  pages.continuation = null;
  pages.newPage();
  pages.heading('Folders by mailbox', 14);
  folderTitles(pages);
  pages.continuation = () => folderTitles(pages);
  for await (const batch of mailboxBatches(db, job)) {
    const folders = await foldersOf(db, job, batch);
    for (const mailbox of batch) {
      pages.room(ROW * 2);
      pages.row(MAILBOX_HEADING, [mailbox.source_mailbox], true);
      for (const folder of folders.get(mailbox.id) ?? []) {
        pages.row(FOLDER_COLUMNS, [folder.folder_path, count(folder.total_items), count(folder.migrated_items)]);
      }
    }
    await drained(out);
    if (out.destroyed) return;
  }
  doc.end();
  await ended;
  out.end();
}
