import PDFDocument from 'pdfkit';
import type { SkipCategory } from '@portal/contracts/completeness';
import { type PdfText, pdfText, wordOf } from '../../lib/i18n/pdf-text';
import { BOLD, COLOR, type Column, PAGE, PdfPages, REGULAR, ROW } from './reports.pdf-layout';
import { jobCover, mailboxCover } from './reports.pdf-cover';
import {
  completionOf,
  consistencyOf,
  count,
  type FolderLine,
  folderVerdict,
  folderVerdictKey,
  type MailboxLine,
  type PdfSetup,
  reportDate,
  SAMPLE_CHARS,
  SAMPLES_SHOWN,
  type SkipLine,
  skipsText,
  TABLE_STATUS_COLORS,
  TABLE_VERDICT_COLORS,
  verdictLabel,
} from './reports.pdf-lines';

export type { FolderLine, MailboxLine, MailboxSetup, PdfSetup } from './reports.pdf-lines';
export { reportDate } from './reports.pdf-lines';

// The customer report's layout from rows already read: pure CPU work, run in a worker thread
// (reports.pdf-worker.ts) or, with CPU_WORKER_THREADS=0, on the request thread (reports.pdf.ts).
// Two documents share it: a job's (cover, mailbox table, folders by mailbox) and one mailbox's
// (its cover, then its folders). Its words are the requester's language's (lib/i18n/pdf-text.ts,
// looked up once per document; English: the screens' labels), times are contracts/dates.ts's in
// the requester's zone, which every page names.

type StructureElement = PDFKit.PDFStructureElement;

/** The mailbox table: ten columns on a landscape page; figures right-aligned. */
export const MAILBOX_COLUMNS: readonly Column[] = [
  { x: 40, chars: 34 },
  { x: 178, chars: 34 },
  { x: 316, chars: 22 },
  { x: 402, chars: 28 },
  { x: 514, chars: 22 },
  { x: 594, chars: 12, width: 42 },
  { x: 636, chars: 12, width: 44 },
  { x: 680, chars: 10, width: 32 },
  { x: 712, chars: 10, width: 38 },
  { x: 750, chars: 10, width: 52 },
];

/** The folders under each mailbox: counters, verdict, then skipped items by reason below. */
export const FOLDER_COLUMNS: readonly Column[] = [
  { x: 52, chars: 90 },
  { x: 420, chars: 12, width: 48 },
  { x: 468, chars: 12, width: 48 },
  { x: 516, chars: 10, width: 40 },
  { x: 556, chars: 10, width: 40 },
  { x: 596, chars: 10, width: 40 },
  { x: 660, chars: 28 },
];

/**
 * A report laid out as its rows arrive. The job's: the cover, the table of its mailboxes
 * (`mailboxes`, batch after batch), then each mailbox's folders (`folders`). One mailbox's: its
 * cover, then its folders (`folders`, batch after batch). pdfkit's bytes go to `onData` as each
 * page is done.
 */
export class JobPdfRenderer {
  private readonly doc: InstanceType<typeof PDFDocument>;
  private readonly pages: PdfPages;
  private readonly ended: Promise<void>;
  private readonly single: boolean;
  private section: 'cover' | 'mailboxes' | 'folders' = 'cover';
  private table: StructureElement | null = null;
  private shade = false;
  private lastMailbox: string | null = null;
  /** The document's words, in the requester's language. */
  private readonly words: PdfText;

  constructor(setup: PdfSetup, onData: (chunk: Buffer) => void) {
    const { job, mailbox } = setup;
    const words = pdfText(setup.locale);
    this.words = words;
    const title = mailbox ? words.mailboxTitle(mailbox.row.source_mailbox) : words.jobTitle(job.summary.name);
    this.doc = new PDFDocument({
      autoFirstPage: false,
      pdfVersion: '1.7',
      tagged: true,
      lang: words.lang,
      displayTitle: true,
      info: { Title: title, Author: setup.organisation, Subject: job.summary.name, Creator: 'License portal' },
    });
    this.doc.on('data', onData);
    this.ended = new Promise<void>((resolve) => this.doc.on('end', resolve));
    const pages = new PdfPages(this.doc);
    this.pages = pages;
    this.single = Boolean(mailbox);
    pages.newPage();
    if (mailbox) mailboxCover(pages, setup, mailbox, words);
    else jobCover(pages, setup, words);
    pages.frame = {
      header: mailbox
        ? `${setup.organisation} · ${job.summary.name} · ${mailbox.row.source_mailbox}`
        : `${setup.organisation} · ${job.summary.name}`,
      footer: words.footer(reportDate(setup.now, setup.timeZone), setup.timeZone),
    };
    // The cover's band takes the header's place; its footer is the others'.
    pages.drawFrame(pages.frame, false);
  }

  /** The next rows of the mailbox table. */
  mailboxes(batch: readonly MailboxLine[]): void {
    const { pages, words } = this;
    if (this.section === 'cover') this.startMailboxes();
    const table = this.table ?? undefined;
    for (const row of batch) {
      pages.row(
        MAILBOX_COLUMNS,
        [
          row.source_mailbox,
          row.target_mailbox,
          wordOf(words.tableStatuses, row.status),
          wordOf(words.tableVerdicts, row.verdict),
          consistencyOf(row, words),
          count(row.total_items),
          count(row.migrated_items),
          count(row.failed_items),
          count(row.skipped_items),
          completionOf(row),
        ],
        {
          table,
          shade: this.shade,
          color: (i) =>
            i === 2 ? TABLE_STATUS_COLORS[row.status] : i === 3 ? TABLE_VERDICT_COLORS[row.verdict] : undefined,
        },
      );
      this.shade = !this.shade;
    }
  }

  private startMailboxes(): void {
    const { pages, words } = this;
    const titles = words.mailboxColumns;
    this.section = 'mailboxes';
    pages.newPage();
    pages.heading(words.mailboxes, 2);
    pages.text(words.mailboxesIntro, { size: 8.5, color: COLOR.muted });
    pages.y += 4;
    this.table = this.doc.struct('Table');
    pages.root.add(this.table);
    const table = this.table;
    pages.row(MAILBOX_COLUMNS, titles, { bold: true, table });
    pages.rule();
    pages.continuation = () => {
      pages.row(MAILBOX_COLUMNS, titles, { bold: true });
      pages.rule();
    };
  }

  /** The next mailboxes of the folder section, each with its folders (in `folders`, by mailbox). */
  folders(batch: readonly MailboxLine[], folders: readonly FolderLine[]): void {
    const { pages, words } = this;
    this.startFolders();
    const byMailbox = new Map<string, FolderLine[]>();
    for (const folder of folders) {
      const list = byMailbox.get(folder.mailbox_id);
      if (list) list.push(folder);
      else byMailbox.set(folder.mailbox_id, [folder]);
    }
    for (const mailbox of batch) {
      const list = byMailbox.get(mailbox.id) ?? [];
      if (!this.single) this.mailboxHeading(mailbox, list);
      else if (this.lastMailbox === null) {
        this.lastMailbox = mailbox.id;
        this.table = this.folderTable();
      }
      const table = this.table ?? undefined;
      for (const folder of list) {
        pages.row(
          FOLDER_COLUMNS,
          [
            folder.folder_path,
            count(folder.total_items),
            count(folder.migrated_items),
            count(folder.failed_items),
            count(folder.skipped_items),
            count(folder.missing_items),
            folderVerdict(folder, mailbox, words),
          ],
          { table, color: (i) => (i === 6 ? TABLE_VERDICT_COLORS[folderVerdictKey(folder, mailbox)] : undefined) },
        );
        for (const skip of folder.skips ?? []) this.skipLine(skip);
      }
    }
  }

  /** A reason's skipped items under its folder: the count and the first samples, cut. */
  private skipLine(skip: SkipLine): void {
    const samples = skip.samples
      .slice(0, SAMPLES_SHOWN)
      .map((sample) => this.pages.fit(sample, SAMPLE_CHARS))
      .join('; ');
    const more = skip.count > Math.min(skip.samples.length, SAMPLES_SHOWN) ? ' …' : '';
    const { pages, words } = this;
    const line = words.skipLine(
      words.skipReasons[skip.category],
      count(skip.count),
      samples ? `${samples}${more}` : '',
    );
    pages.room(ROW);
    const y = pages.y;
    // A line of its folder's table, one cell wide.
    pages.inTable(this.table, () => {
      pages.style(REGULAR, 7, COLOR.muted);
      pages.put(line, FOLDER_COLUMNS[0]!.x + 12, y, 190);
    });
    pages.y += ROW - 1;
  }

  /** A mailbox above its folders: its addresses, then its status, verdict, consistency and skips. */
  private mailboxHeading(mailbox: MailboxLine, folders: readonly FolderLine[]): void {
    const { pages, words } = this;
    // The whole section is one table (decision 044's addendum): its mailboxes' headings are lines
    // of it, so 10,000 mailboxes add no structure element each.
    this.table ??= this.folderTable();
    const table = this.table;
    pages.room(ROW * 3 + 6);
    pages.y += 6;
    const reasons = new Map<SkipCategory, number>();
    for (const folder of folders) {
      for (const skip of folder.skips ?? []) reasons.set(skip.category, (reasons.get(skip.category) ?? 0) + skip.count);
    }
    const skipped = skipsText(reasons, words);
    const y = pages.y;
    // The table above has each mailbox's status, verdict and consistency: they are repeated here
    // only for a mailbox that needs a look (not Complete, or with skips). Each line costs its
    // characters in pdfkit, 10,000 times (docs/performance.md, "The customer PDF").
    const notable = mailbox.verdict !== 'Complete' || skipped !== '';
    pages.inTable(table, () => {
      pages.style(BOLD, 8, COLOR.ink);
      pages.put(`${mailbox.source_mailbox} → ${mailbox.target_mailbox}`, PAGE.left, y, 150);
      if (!notable) return;
      pages.style(REGULAR, 7, COLOR.muted);
      const detail = [
        wordOf(words.statuses, mailbox.status),
        verdictLabel(mailbox.verdict, words),
        words.consistency(consistencyOf(mailbox, words)),
        ...(skipped ? [words.skippedByReason(skipped)] : []),
      ].join(' · ');
      pages.put(detail, PAGE.left, y + 11, 200);
    });
    pages.y += notable ? 24 : 13;
    if (folders.length === 0) {
      pages.inTable(table, () => {
        pages.style(REGULAR, 7, COLOR.muted);
        pages.put(words.noFolders, PAGE.left + 12, pages.y, 40);
      });
      pages.y += ROW;
    }
  }

  private endTable(): void {
    this.pages.closeRun();
    this.table?.end();
    this.table = null;
  }

  /** The table of folders: the column titles are the section's, at the top of each page. */
  private folderTable(): StructureElement {
    const table = this.doc.struct('Table');
    this.pages.root.add(table);
    return table;
  }

  /** The folder columns' titles: once under the section's heading, then atop each page. */
  private folderTitles(): void {
    const { pages } = this;
    pages.row(FOLDER_COLUMNS, this.words.folderColumns, { bold: true });
    pages.rule();
    pages.y += 2;
  }

  private startFolders(): void {
    if (this.section === 'folders') return;
    const { pages, words } = this;
    this.section = 'folders';
    pages.continuation = null;
    this.endTable();
    if (this.single) {
      pages.y = 372;
      pages.heading(words.folders, 2);
    } else {
      pages.newPage();
      pages.heading(words.foldersByMailbox, 2);
      pages.text(words.foldersIntro, { size: 8.5, color: COLOR.muted });
      pages.y += 4;
    }
    this.folderTitles();
    pages.continuation = () => this.folderTitles();
  }

  /** Ends the document; resolves once its last bytes went to `onData`. */
  end(): Promise<void> {
    if (!this.single && this.section === 'cover') this.startMailboxes();
    this.startFolders();
    if (this.single && this.lastMailbox === null)
      this.pages.text(this.words.noFolders, { size: 8.5, color: COLOR.muted });
    this.endTable();
    this.pages.finish(this.words.pageOf);
    this.doc.end();
    return this.ended;
  }
}
