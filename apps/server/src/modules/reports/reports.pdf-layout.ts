import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
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

/**
 * A WOFF file as the TrueType font it wraps (WOFF 1.0: each table zlib-compressed alone).
 * fontkit inflates a WOFF's whole `glyf` table again for each glyph it reads: a third of a large
 * report's time went there (docs/performance.md, issue 23). Unwrapped once per thread, the same
 * glyphs and metrics make the same PDF.
 */
export function trueTypeOf(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < length ? inflateSync(raw) : raw,
    };
  });
  const head = 12 + count * 16;
  const size = tables.reduce((total, table) => total + ((table.data.length + 3) & ~3), head);
  const out = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = head;
  tables.forEach((table, i) => {
    out.writeUInt32BE(table.tag, 12 + i * 16);
    out.writeUInt32BE(table.checksum, 16 + i * 16);
    out.writeUInt32BE(offset, 20 + i * 16);
    out.writeUInt32BE(table.data.length, 24 + i * 16);
    table.data.copy(out, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The report's fonts as TrueType, read and unwrapped on first use. */
function fontData(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: trueTypeOf(fs.readFileSync(FONT_FILES.regular)),
    bold: trueTypeOf(fs.readFileSync(FONT_FILES.bold)),
  };
  return fonts;
}
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

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
/** What pdfkit's embedded font holds: fontkit's font, and the scale to 1000 units. */
interface EmbeddedFont {
  font: { glyphForCodePoint(codePoint: number): Glyph };
  scale: number;
  layout: (text: string) => { glyphs: Glyph[]; positions: Position[]; advanceWidth: number };
}

/**
 * pdfkit's layout of a string, one glyph per character from a table kept per font: the report
 * prints no script that needs shaping, so fontkit's OpenType pass (its substitution and kerning
 * lookups, half of a large report's time) is skipped. The glyphs, and so the text, are the same;
 * pairs such as 'AV' lose their kerning (a fraction of a point at 7.5 pt).
 */
function layoutByCharacter(embedded: EmbeddedFont): void {
  const table = new Map<number, { glyph: Glyph; position: Position }>();
  embedded.layout = (text) => {
    const glyphs: Glyph[] = [];
    const positions: Position[] = [];
    let advanceWidth = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.codePointAt(i) ?? 0;
      if (code > 0xffff) i += 1;
      let entry = table.get(code);
      if (!entry) {
        const glyph = embedded.font.glyphForCodePoint(code);
        const width = glyph.advanceWidth * embedded.scale;
        entry = { glyph, position: { xAdvance: width, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: width } };
        table.set(code, entry);
      }
      glyphs.push(entry.glyph);
      positions.push(entry.position);
      advanceWidth += entry.position.advanceWidth;
    }
    return { glyphs, positions, advanceWidth };
  };
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
    const { regular, bold } = fontData();
    doc.registerFont(REGULAR, regular);
    doc.registerFont(BOLD, bold);
    const current = () => (doc as unknown as { _font: EmbeddedFont })._font;
    doc.font(BOLD);
    layoutByCharacter(current());
    doc.font(REGULAR);
    layoutByCharacter(current());
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
