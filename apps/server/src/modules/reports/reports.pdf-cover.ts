import { VERDICTS } from '@portal/contracts/completeness';
import { MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
import { type PdfText, wordOf } from '../../lib/i18n/pdf-text';
import { BOLD, COLOR, PAGE, type PdfPages, REGULAR } from './reports.pdf-layout';
import {
  completionOf,
  consistencyOf,
  count,
  type MailboxSetup,
  type PdfSetup,
  percent,
  reportDate,
  skipsText,
  STATUS_COLORS,
  VERDICT_COLORS,
  verdictLabel,
} from './reports.pdf-lines';

// The covers of the customer report: the job's and one mailbox's (reports.pdf-render.ts).

/** The cover's fact list: label and value, at two fixed columns. */
export function facts(pages: PdfPages, x: number, y: number, lines: readonly (readonly [string, string])[]): number {
  const { doc } = pages;
  const list = doc.struct('L');
  pages.root.add(list);
  let at = y;
  for (const [label, value] of lines) {
    const item = doc.struct('LI');
    list.add(item);
    pages.tag(
      'Lbl',
      () => {
        pages.style(REGULAR, 8.5, COLOR.muted);
        pages.put(label, x, at, 40);
      },
      item,
    );
    pages.tag(
      'LBody',
      () => {
        pages.style(REGULAR, 9, COLOR.ink);
        pages.put(value, x + 118, at, 52);
      },
      item,
    );
    item.end();
    at += 15;
  }
  list.end();
  return at;
}

/** A box of figures (label over value), `perRow` to a row. */
export function tiles(
  pages: PdfPages,
  x: number,
  y: number,
  width: number,
  items: readonly (readonly [string, string])[],
  perRow: number,
): number {
  const gap = 8;
  const w = (width - gap * (perRow - 1)) / perRow;
  const h = 40;
  const list = pages.doc.struct('L');
  pages.root.add(list);
  items.forEach(([label, value], i) => {
    const left = x + (i % perRow) * (w + gap);
    const top = y + Math.floor(i / perRow) * (h + gap);
    pages.artifact(() => {
      pages.doc.roundedRect(left, top, w, h, 3).fill(COLOR.band);
    });
    const item = pages.doc.struct('LI');
    list.add(item);
    pages.tag(
      'Lbl',
      () => {
        pages.style(REGULAR, 7.5, COLOR.muted);
        pages.put(label, left + 8, top + 7, 30);
      },
      item,
    );
    pages.tag(
      'LBody',
      () => {
        pages.style(BOLD, 13, COLOR.ink);
        pages.put(value, left + 8, top + 19, 16);
      },
      item,
    );
    item.end();
  });
  list.end();
  return y + Math.ceil(items.length / perRow) * (h + gap);
}

/** A section title on the cover, at a given place. */
export function coverHeading(pages: PdfPages, value: string, x: number, y: number): void {
  pages.tag('H2', () => {
    pages.style(BOLD, 11, COLOR.accent);
    pages.put(value, x, y, 60);
  });
  pages.artifact(() => pages.hline(y + 15, COLOR.rule, x, x + (x < 400 ? 340 : PAGE.right - x)));
}

/**
 * A horizontal bar chart drawn with vector shapes: one bar per status, its label and its count as
 * text beside it, so the chart reads in the text layer too. The whole is one Figure with its
 * counts as alternative text.
 */
export function statusChart(
  pages: PdfPages,
  x: number,
  y: number,
  width: number,
  counts: readonly (readonly [string, string, number])[],
  words: PdfText,
): number {
  const max = Math.max(1, ...counts.map(([, , n]) => n));
  const labelWidth = 118;
  const barWidth = width - labelWidth - 60;
  const alt = counts.map(([, label, n]) => words.labelled(label, count(n))).join(', ');
  let at = y;
  pages.tag(
    'Figure',
    () => {
      for (const [status, label, n] of counts) {
        pages.style(REGULAR, 8.5, COLOR.ink);
        pages.put(label, x, at + 1, 26);
        const length = n > 0 ? Math.max(2, (n / max) * barWidth) : 0;
        pages.doc.rect(x + labelWidth, at, barWidth, 11).fill(COLOR.band);
        if (length > 0) pages.doc.rect(x + labelWidth, at, length, 11).fill(STATUS_COLORS[status] ?? COLOR.neutral);
        pages.shapesDrawn();
        pages.style(BOLD, 8.5, COLOR.ink);
        pages.put(count(n), x + labelWidth + barWidth + 6, at + 1, 14);
        at += 17;
      }
    },
    pages.root,
    { alt: words.labelled(words.mailboxesByStatus, alt) },
  );
  return at;
}

/** The verdict as a coloured label with its words, and lines of detail under it. */
export function verdictBlock(
  pages: PdfPages,
  x: number,
  y: number,
  verdict: string,
  lines: readonly string[],
  words: PdfText,
): number {
  const label = verdictLabel(verdict, words);
  pages.style(BOLD, 11, COLOR.ink);
  const width = pages.widthOf(label) + 20;
  pages.artifact(() => pages.doc.roundedRect(x, y, width, 22, 4).fill(VERDICT_COLORS[verdict] ?? COLOR.neutral));
  pages.tag('P', () => {
    pages.style(BOLD, 11, COLOR.onAccent);
    pages.put(label, x + 10, y + 5.5, 60);
  });
  let at = y + 30;
  // The left column's block spans the page (the job's cover); the right one has half of it.
  const chars = x < 400 ? 130 : 70;
  for (const line of lines) {
    pages.tag('P', () => {
      pages.style(REGULAR, 9, COLOR.ink);
      pages.put(line, x, at, chars);
    });
    at += 14;
  }
  return at;
}

/** The band across the top of a cover: what the report is, the organisation, its subject. */
export function band(pages: PdfPages, kind: string, organisation: string, subject: string): void {
  pages.artifact(() => pages.doc.rect(0, 0, PAGE.width, 96).fill(COLOR.accent));
  pages.tag('P', () => {
    pages.style(BOLD, 9, COLOR.onAccent);
    pages.put(kind.toUpperCase(), PAGE.left, 20, 40);
  });
  pages.tag('H1', () => {
    pages.style(BOLD, 22, COLOR.onAccent);
    pages.put(organisation, PAGE.left, 36, 60);
  });
  pages.tag('P', () => {
    pages.style(REGULAR, 12, COLOR.onAccent);
    pages.put(subject, PAGE.left, 66, 100);
  });
}

/** The lines of the cover that say when and for whom the report was written. */
export function generatedFacts({ requestedBy, now, timeZone }: PdfSetup, words: PdfText): [string, string][] {
  return [
    [words.requestedBy, requestedBy],
    [words.generated, `${reportDate(now, timeZone)} ${timeZone}`],
    [words.timeZone, words.allTimesIn(timeZone)],
  ];
}

export function jobCover(pages: PdfPages, setup: PdfSetup, words: PdfText): void {
  const { job, timeZone } = setup;
  const { summary } = job;
  band(pages, words.migrationReport, setup.organisation, summary.name);
  coverHeading(pages, words.job, PAGE.left, 116);
  facts(pages, PAGE.left, 142, [
    [words.job, summary.name],
    [words.machine, summary.machineName],
    [words.user, `${summary.userName} (${job.userEmail})`],
    ...(summary.apiKeyName ? ([[words.apiKey, summary.apiKeyName]] as [string, string][]) : []),
    [words.product, summary.productCode],
    [words.licensing, wordOf(words.licensingWords, job.licensing)],
    [words.status, wordOf(words.statuses, summary.status)],
    [words.start(timeZone), reportDate(summary.startDate, timeZone)],
    [words.end(timeZone), summary.endDate ? reportDate(summary.endDate, timeZone) : '-'],
    ...generatedFacts(setup, words),
  ]);

  const right = 430;
  const width = PAGE.right - right;
  coverHeading(pages, words.summary, right, 116);
  const below = tiles(
    pages,
    right,
    142,
    width,
    [
      [words.mailboxes, count(summary.accountCount)],
      [words.completion, percent(summary.completionPercentage)],
      [words.totalItems, count(summary.totalItems)],
      [words.migratedItems, count(summary.migratedItems)],
      [words.failedItems, count(summary.failedItems)],
      [words.skippedItems, count(summary.skippedItems)],
      [words.filteredItems, count(summary.filteredItems)],
      [words.itemsNotMigrated, count(Math.max(0, summary.totalItems - summary.migratedItems))],
    ],
    4,
  );
  coverHeading(pages, words.mailboxesByStatus, right, below + 8);
  const byStatus = summary.mailboxesByStatus;
  const chartEnd = statusChart(
    pages,
    right,
    below + 34,
    width,
    MAILBOX_COUNT_STATUSES.map((status) => [status, words.statuses[status], byStatus[status]] as const),
    words,
  );

  const { completeness } = summary;
  const top = Math.max(chartEnd + 8, 360);
  coverHeading(pages, words.completeness, PAGE.left, top);
  verdictBlock(
    pages,
    PAGE.left,
    top + 26,
    completeness.verdict,
    [
      words.worstConsistency(wordOf(words.grades, completeness.consistencyGrade)),
      VERDICTS.map((verdict) =>
        words.labelled(words.verdicts[verdict], count(completeness.mailboxesByVerdict[verdict])),
      ).join(' · '),
    ],
    words,
  );
}

export function mailboxCover(pages: PdfPages, setup: PdfSetup, mailbox: MailboxSetup, words: PdfText): void {
  const { job, timeZone } = setup;
  const { row } = mailbox;
  band(pages, words.mailboxReport, setup.organisation, `${row.source_mailbox} → ${row.target_mailbox}`);
  coverHeading(pages, words.mailbox, PAGE.left, 116);
  facts(pages, PAGE.left, 142, [
    [words.sourceMailbox, row.source_mailbox],
    [words.sourceType, row.source_type],
    [words.targetMailbox, row.target_mailbox],
    [words.destinationType, row.destination_type],
    [words.job, job.summary.name],
    [words.machine, job.summary.machineName],
    [words.product, job.summary.productCode],
    [words.status, wordOf(words.statuses, row.status)],
    [words.start(timeZone), reportDate(row.start_date, timeZone)],
    [words.end(timeZone), row.end_date ? reportDate(row.end_date, timeZone) : '-'],
    ...generatedFacts(setup, words),
  ]);
  const right = 430;
  const width = PAGE.right - right;
  coverHeading(pages, words.summary, right, 116);
  const below = tiles(
    pages,
    right,
    142,
    width,
    [
      [words.totalItems, count(row.total_items)],
      [words.migratedItems, count(row.migrated_items)],
      [words.failedItems, count(row.failed_items)],
      [words.filteredItems, count(row.filtered_items)],
      [words.skippedItems, count(row.skipped_items)],
      [words.missingItems, count(row.missing_items)],
      [words.sourceItems, count(row.source_items)],
      [words.destinationItems, count(row.destination_items)],
    ],
    4,
  );
  coverHeading(pages, words.completeness, right, below + 8);
  const reasons = new Map(mailbox.skips.map((skip) => [skip.category, skip.count]));
  verdictBlock(
    pages,
    right,
    below + 34,
    row.verdict,
    [
      words.consistency(consistencyOf(row, words)),
      words.completionIs(completionOf(row)),
      ...(row.skipped_items > 0
        ? [words.acceptedSkipped(count(row.accepted_skipped_items), count(row.skipped_items))]
        : []),
      words.skippedByReason(skipsText(reasons, words) || words.none),
    ],
    words,
  );
}
