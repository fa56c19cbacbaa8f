import { createRequire } from 'node:module';
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
 * The report's typeface: DejaVu Sans (the @fontsource package's full font, OFL), embedded and
 * subset by pdfkit. The standard PDF fonts speak only WinAnsi, which turned every character past
 * Latin-1 into '?'; DejaVu Sans covers Latin with every European accent (Polish Ł, Czech ř,
 * Turkish ş, Vietnamese), Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic letters (pdfkit
 * does not reorder a line that mixes them with Latin right to left), and many symbols and
 * emoticons. Not covered: CJK (Chinese, Japanese, Korean) and colour emoji, whose fonts weigh
 * megabytes; such a character prints as '?' rather than an empty box.
 * Resolved from node_modules at run time, from the sources and from the bundle (dist/main.js)
 * alike; the image installs the package with the server's production dependencies.
 */
const fontFile = (weight: 400 | 700) =>
  createRequire(import.meta.url).resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`);
export const FONT_FILES = { regular: fontFile(400), bold: fontFile(700) } as const;
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

/** Characters every font file of the report has: no need to look them up. */
const SURE = /^[\x20-\x7E\xA0-\xFF]*$/;
/** Control characters: never drawn. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\x00-\x1F\x7F-\x9F]/g;

type Covers = (codePoint: number) => boolean;

/**
 * A value as the report's font can draw it: a character it has no glyph for becomes '?', and a
 * value longer than its column ends with '...'. `covers` defaults to Latin-1 only.
 */
export function fit(value: string, chars: number, covers?: Covers): string {
  let text = value.replace(CONTROL, '?');
  if (!SURE.test(text)) {
    text = Array.from(text, (ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return (code >= 0x20 && code <= 0xff) || covers?.(code) ? ch : '?';
    }).join('');
  }
  const length = [...text].length;
  if (length <= chars) return text;
  return `${[...text].slice(0, Math.max(1, chars - 3)).join('')}...`;
}

/** Writes lines down the pages: a new page (numbered) when the next line would not fit. */
export class PdfPages {
  private page = 0;
  private font = '';
  private size = 0;
  y: number = PAGE.top;
  /** Drawn at the top of each page that continues a table (its column titles). */
  continuation: (() => void) | null = null;

  /** Whether the report's font has a glyph for a character (fontkit's cmap, through pdfkit). */
  private readonly covers: Covers;

  constructor(private readonly doc: Doc) {
    doc.registerFont(REGULAR, FONT_FILES.regular);
    doc.registerFont(BOLD, FONT_FILES.bold);
    doc.font(REGULAR);
    this.font = REGULAR;
    // pdfkit's embedded font keeps fontkit's font as `font`: its cmap answers coverage.
    const embedded = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: Covers } } })._font?.font;
    const has = embedded?.hasGlyphForCodePoint?.bind(embedded);
    this.covers = has ?? (() => false);
  }

  /** A value fitted to `chars` characters, in what the font can draw. */
  private fit(value: string, chars: number): string {
    return fit(value, chars, this.covers);
  }

  get pages(): number {
    return this.page;
  }

  newPage(): void {
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.page += 1;
    this.style(REGULAR, 8);
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
    this.style(bold ? BOLD : REGULAR, TABLE_SIZE);
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i];
      const value = values[i];
      if (column && value) this.doc.text(this.fit(value, column.chars), column.x, this.y, CELL);
    }
    this.y += ROW;
  }

  /** A line of running text. */
  text(value: string, size = 10, bold = false): void {
    this.line(bold ? BOLD : REGULAR, size, this.fit(value, 110), size + 4);
  }

  /** A label and its value, the values lined up. */
  field(label: string, value: string): void {
    this.room(14);
    this.style(REGULAR, 10);
    this.doc.text(label, PAGE.left, this.y, CELL);
    this.doc.text(this.fit(value, 70), PAGE.left + 140, this.y, CELL);
    this.y += 14;
  }

  /** A heading with some space above it, kept with at least two lines below. */
  heading(value: string, size = 12): void {
    this.room(size + 10 + ROW * 2);
    this.y += 6;
    this.line(BOLD, size, this.fit(value, 80), size + 6);
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
