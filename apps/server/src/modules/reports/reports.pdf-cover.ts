import { VERDICT_LABELS, VERDICTS } from '@portal/contracts/completeness';
import { licensingLabel, MIGRATION_STATUS_LABELS, migrationStatusLabel } from '@portal/contracts/labels';
import { MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
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
): number {
  const max = Math.max(1, ...counts.map(([, , n]) => n));
  const labelWidth = 118;
  const barWidth = width - labelWidth - 60;
  const alt = counts.map(([, label, n]) => `${label}: ${count(n)}`).join(', ');
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
    { alt: `Mailboxes by status: ${alt}` },
  );
  return at;
}

/** The verdict as a coloured label with its words, and lines of detail under it. */
export function verdictBlock(pages: PdfPages, x: number, y: number, verdict: string, lines: readonly string[]): number {
  const label = verdictLabel(verdict);
  pages.style(BOLD, 11, COLOR.ink);
  const width = pages.widthOf(label) + 20;
  pages.artifact(() => pages.doc.roundedRect(x, y, width, 22, 4).fill(VERDICT_COLORS[verdict] ?? COLOR.neutral));
  pages.tag('P', () => {
    pages.style(BOLD, 11, COLOR.onAccent);
    pages.put(label, x + 10, y + 5.5, 40);
  });
  let at = y + 30;
  for (const line of lines) {
    pages.tag('P', () => {
      pages.style(REGULAR, 9, COLOR.ink);
      pages.put(line, x, at, 70);
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
export function generatedFacts({ requestedBy, now, timeZone }: PdfSetup): [string, string][] {
  return [
    ['Requested by', requestedBy],
    ['Generated', `${reportDate(now, timeZone)} ${timeZone}`],
    ['Time zone', `${timeZone} (all times in this report)`],
  ];
}

export function jobCover(pages: PdfPages, setup: PdfSetup): void {
  const { job, timeZone } = setup;
  const { summary } = job;
  band(pages, 'Migration Report', setup.organisation, summary.name);
  coverHeading(pages, 'Job', PAGE.left, 116);
  facts(pages, PAGE.left, 142, [
    ['Job', summary.name],
    ['Machine', summary.machineName],
    ['User', `${summary.userName} (${job.userEmail})`],
    ...(summary.apiKeyName ? ([['API key', summary.apiKeyName]] as [string, string][]) : []),
    ['Product', summary.productCode],
    ['Licensing', licensingLabel(job.licensing)],
    ['Status', migrationStatusLabel(summary.status)],
    [`Start (${timeZone})`, reportDate(summary.startDate, timeZone)],
    [`End (${timeZone})`, summary.endDate ? reportDate(summary.endDate, timeZone) : '-'],
    ...generatedFacts(setup),
  ]);

  const right = 430;
  const width = PAGE.right - right;
  coverHeading(pages, 'Summary', right, 116);
  const below = tiles(
    pages,
    right,
    142,
    width,
    [
      ['Mailboxes', count(summary.accountCount)],
      ['Completion', percent(summary.completionPercentage)],
      ['Total items', count(summary.totalItems)],
      ['Migrated items', count(summary.migratedItems)],
      ['Failed items', count(summary.failedItems)],
      ['Skipped items', count(summary.skippedItems)],
      ['Filtered items', count(summary.filteredItems)],
      ['Items not migrated', count(Math.max(0, summary.totalItems - summary.migratedItems))],
    ],
    4,
  );
  coverHeading(pages, 'Mailboxes by status', right, below + 8);
  const byStatus = summary.mailboxesByStatus;
  const chartEnd = statusChart(
    pages,
    right,
    below + 34,
    width,
    MAILBOX_COUNT_STATUSES.map((status) => [status, MIGRATION_STATUS_LABELS[status], byStatus[status]] as const),
  );

  const { completeness } = summary;
  const top = Math.max(chartEnd + 8, 360);
  coverHeading(pages, 'Completeness', PAGE.left, top);
  verdictBlock(pages, PAGE.left, top + 26, completeness.verdict, [
    `Worst consistency: ${completeness.consistencyGrade}`,
    VERDICTS.map((verdict) => `${VERDICT_LABELS[verdict]}: ${count(completeness.mailboxesByVerdict[verdict])}`).join(
      ' · ',
    ),
  ]);
}

export function mailboxCover(pages: PdfPages, setup: PdfSetup, mailbox: MailboxSetup): void {
  const { job, timeZone } = setup;
  const { row } = mailbox;
  band(pages, 'Mailbox Report', setup.organisation, `${row.source_mailbox} → ${row.target_mailbox}`);
  coverHeading(pages, 'Mailbox', PAGE.left, 116);
  facts(pages, PAGE.left, 142, [
    ['Source Mailbox', row.source_mailbox],
    ['Source type', row.source_type],
    ['Target Mailbox', row.target_mailbox],
    ['Destination type', row.destination_type],
    ['Job', job.summary.name],
    ['Machine', job.summary.machineName],
    ['Product', job.summary.productCode],
    ['Status', migrationStatusLabel(row.status)],
    [`Start (${timeZone})`, reportDate(row.start_date, timeZone)],
    [`End (${timeZone})`, row.end_date ? reportDate(row.end_date, timeZone) : '-'],
    ...generatedFacts(setup),
  ]);
  const right = 430;
  const width = PAGE.right - right;
  coverHeading(pages, 'Summary', right, 116);
  const below = tiles(
    pages,
    right,
    142,
    width,
    [
      ['Total items', count(row.total_items)],
      ['Migrated items', count(row.migrated_items)],
      ['Failed items', count(row.failed_items)],
      ['Filtered items', count(row.filtered_items)],
      ['Skipped items', count(row.skipped_items)],
      ['Missing items', count(row.missing_items)],
      ['Source items', count(row.source_items)],
      ['Destination items', count(row.destination_items)],
    ],
    4,
  );
  coverHeading(pages, 'Completeness', right, below + 8);
  const reasons = new Map(mailbox.skips.map((skip) => [skip.category, skip.count]));
  verdictBlock(pages, right, below + 34, row.verdict, [
    `Consistency ${consistencyOf(row)}`,
    `Completion ${completionOf(row)}`,
    ...(row.skipped_items > 0
      ? [`Accepted skipped items: ${count(row.accepted_skipped_items)} of ${count(row.skipped_items)}`]
      : []),
    `Skipped by reason: ${skipsText(reasons) || 'none'}`,
  ]);
}
