import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

// Fixed positions on an A4 page in points: one text call per cell at its column's x, nothing
// measured, wrapped or padded (pdfkit encodes and measures every character it is given, so fewer
// and shorter strings are what makes a report of 10,000 mailboxes fast).
export const PAGE = { left: 40, top: 48, bottom: 790, footer: 808, right: 555 } as const;
export const ROW = 11;
const TABLE_SIZE = 7.5;
/**
 * A line that is never wrapped; the width and word count pdfkit would measure again for each call
 * (only for underlines and links, which these lines have none of) are given, saving a pass.
 */
const CELL = { lineBreak: false, textWidth: 0, wordCount: 1 } as PDFKit.Mixins.TextOptions;

/** A column of a table row: where it starts and how many characters fit in it. */
export interface Column {
  x: number;
  chars: number;
}

/**
 * The standard PDF fonts speak WinAnsi: characters past Latin-1 become '?' rather than garbage,
 * and a value longer than its column ends with '...'.
 */
export function fit(value: string, chars: number): string {
  const text = value.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
  return text.length > chars ? `${text.slice(0, Math.max(1, chars - 3))}...` : text;
}

/** Writes lines down the pages: a new page (numbered) when the next line would not fit. */
export class PdfPages {
  private page = 0;
  private font = '';
  private size = 0;
  y: number = PAGE.top;
  /** Drawn at the top of each page that continues a table (its column titles). */
  continuation: (() => void) | null = null;

  constructor(private readonly doc: Doc) {}

  get pages(): number {
    return this.page;
  }

  newPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.page += 1;
    this.style('Helvetica', 8);
    this.doc.text(`Page ${this.page}`, PAGE.right - 40, PAGE.footer, CELL);
    this.y = PAGE.top;
    this.continuation?.();
  }

  /** Room for `height` more points on this page, else a new one. */
  room(height: number): void {
    if (this.y + height > PAGE.bottom) this.newPage();
  }

  /** Switches font only when it changes: each switch costs an operator in the page's stream. */
  private style(font: string, size: number): void {
    if (font !== this.font) this.doc.font(font);
    if (size !== this.size) this.doc.fontSize(size);
    this.font = font;
    this.size = size;
  }

  private line(font: string, size: number, text: string, height: number, indent = 0): void {
    this.room(height);
    this.style(font, size);
    if (text) this.doc.text(text, PAGE.left + indent, this.y, CELL);
    this.y += height;
  }

  /** A table row: each cell at its column. */
  row(columns: readonly Column[], values: readonly string[], bold = false): void {
    this.room(ROW);
    this.style(bold ? 'Helvetica-Bold' : 'Helvetica', TABLE_SIZE);
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i];
      const value = values[i];
      if (column && value) this.doc.text(fit(value, column.chars), column.x, this.y, CELL);
    }
    this.y += ROW;
  }

  /** A line of running text. */
  text(value: string, size = 10, bold = false): void {
    this.line(bold ? 'Helvetica-Bold' : 'Helvetica', size, fit(value, 110), size + 4);
  }

  /** A label and its value, the values lined up. */
  field(label: string, value: string): void {
    this.room(14);
    this.style('Helvetica', 10);
    this.doc.text(label, PAGE.left, this.y, CELL);
    this.doc.text(fit(value, 70), PAGE.left + 140, this.y, CELL);
    this.y += 14;
  }

  /** A heading with some space above it, kept with at least two lines below. */
  heading(value: string, size = 12): void {
    this.room(size + 10 + ROW * 2);
    this.y += 6;
    this.line('Helvetica-Bold', size, fit(value, 80), size + 6);
  }

  /** A thin rule under a table's titles. */
  rule(): void {
    this.doc
      .moveTo(PAGE.left, this.y - 2)
      .lineTo(PAGE.right, this.y - 2)
      .lineWidth(0.5)
      .stroke();
  }
}
