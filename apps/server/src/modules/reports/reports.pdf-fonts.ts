import fs from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type PDFDocument from 'pdfkit';

// The customer report's typeface (reports.pdf-layout.ts draws with it): the font files, their
// coverage and pdfkit's layout of a string, made cheap.

type Doc = InstanceType<typeof PDFDocument>;

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
export function fontData(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: trueTypeOf(fs.readFileSync(FONT_FILES.regular)),
    bold: trueTypeOf(fs.readFileSync(FONT_FILES.bold)),
  };
  return fonts;
}
export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

/** Characters every font file of the report has: no need to look them up. */
const SURE = /^[\x20-\x7E\xA0-\xFF]*$/;
/** Control characters: never drawn. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\x00-\x1F\x7F-\x9F]/g;

export type Covers = (codePoint: number) => boolean;

/**
 * A value as the report's font can draw it: a character it has no glyph for becomes '?', and a
 * value longer than its column ends with '...'. `covers` defaults to Latin-1 only.
 */
export function fit(value: string, chars: number, covers?: Covers): string {
  // Latin-1 without control characters (most values): one character per code unit, nothing to map.
  if (SURE.test(value)) return value.length <= chars ? value : `${value.slice(0, Math.max(1, chars - 3))}...`;
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
export interface EmbeddedFont {
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
export function layoutByCharacter(embedded: EmbeddedFont): void {
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

/** What the text writer uses of pdfkit's embedded font: its subset and the maps `embed` writes. */
interface SubsetFont extends EmbeddedFont {
  id: string;
  ascender: number;
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): PDFKit.PDFKitReference;
}

/** A character as the page draws it: its glyph id's bytes in a literal string, and its advance at 1 pt. */
interface Drawn {
  code: string;
  advance: number;
}

/**
 * A glyph id as the two bytes of a PDF literal string (Identity-H), escaped where the syntax needs
 * it: half the bytes of pdfkit's hex strings, which the page then deflates and writes.
 */
export function literalOf(gid: number): string {
  return [gid >> 8, gid & 255]
    .map((byte) =>
      byte === 0x28 || byte === 0x29 || byte === 0x5c
        ? `\\${String.fromCharCode(byte)}`
        : byte === 0x0d
          ? '\\r'
          : String.fromCharCode(byte),
    )
    .join('');
}

/** A coordinate to the hundredth of a point, as pdfkit writes them. */
const rounded = (value: number) => Math.round(value * 100) / 100;

/**
 * One line of text written as one content operation: `BT … Tm /F s Tf (glyphs) Tj ET`, with what
 * pdfkit's `text` (option parsing, a save/flip/restore and five writes per call, and encoding each
 * glyph again) would produce for a line that is not wrapped, kerned or decorated; a table row's
 * lines as one text object (`batch`). The glyphs are pdfkit's subset's (`includeGlyph`, with the
 * widths and the ToUnicode map it embeds), looked up once per character and document: most of a
 * large report is the same few dozen characters (decision 044's addendum of 2026-12-02,
 * docs/performance.md, "The report's own text writer").
 */
export class TextWriter {
  private readonly drawn = new Map<SubsetFont, Map<number, Drawn>>();
  /** Operations not yet in the page: a table row's cells and colours go in as one write. */
  private pending = '';
  private batching = false;
  /** In a batch: where the text object's current line starts, and its font, once one is open. */
  private line: { x: number; y: number; font: string; size: number } | null = null;

  constructor(private readonly doc: Doc) {}

  private append(operation: string): void {
    this.pending += `${operation}\n`;
    if (!this.batching) this.flush();
  }

  /** Writes what is pending to the page, as bytes (pdfkit would copy a string byte by byte). */
  private flush(): void {
    if (!this.pending) return;
    this.doc.addContent(Buffer.from(this.pending, 'latin1'));
    this.pending = '';
  }

  /**
   * Runs `draw` (writes and colours only) and puts what it wrote in the page at once, as one text
   * object: each line after the first placed relative to the one before (`Td`), the font set only
   * when it changes. A row's positioning then costs a few bytes a cell instead of a whole matrix.
   */
  batch(draw: () => void): void {
    this.batching = true;
    try {
      draw();
    } finally {
      this.batching = false;
      if (this.line) this.pending += 'ET\n';
      this.line = null;
      this.flush();
    }
  }

  /** The fill colour of the text that follows, as PDF's 'r g b' operands (pdfkit's fillColor). */
  fill(rgb: string): void {
    this.append(`${rgb} rg`);
  }

  private table(font: SubsetFont): Map<number, Drawn> {
    let table = this.drawn.get(font);
    if (!table) {
      table = new Map();
      this.drawn.set(font, table);
    }
    return table;
  }

  private glyph(font: SubsetFont, codePoint: number): Drawn {
    const glyph = font.font.glyphForCodePoint(codePoint);
    const gid = font.subset.includeGlyph(glyph.id);
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= glyph.codePoints;
    return { code: literalOf(gid), advance: (glyph.advanceWidth * font.scale) / 1000 };
  }

  /** The width of `text` in the current font and size (as pdfkit's widthOfString measures it). */
  width(text: string): number {
    return this.encode(text).advance * this.size();
  }

  private size(): number {
    return (this.doc as unknown as { _fontSize: number })._fontSize;
  }

  private font(): SubsetFont {
    return (this.doc as unknown as { _font: SubsetFont })._font;
  }

  private encode(text: string): Drawn {
    const font = this.font();
    const table = this.table(font);
    let code = '';
    let advance = 0;
    for (let i = 0; i < text.length; i += 1) {
      const codePoint = text.codePointAt(i) ?? 0;
      if (codePoint > 0xffff) i += 1;
      let drawn = table.get(codePoint);
      if (!drawn) {
        drawn = this.glyph(font, codePoint);
        table.set(codePoint, drawn);
      }
      code += drawn.code;
      advance += drawn.advance;
    }
    return { code, advance };
  }

  /**
   * `text` with its top-left corner at (x, y) in the page's top-down space, as pdfkit places a line;
   * right-aligned to x + width when given. The text matrix flips back what the page's flip turned
   * upside down, so no save and restore is needed around it.
   */
  write(text: string, x: number, y: number, width?: number): void {
    const font = this.font();
    const size = this.size();
    const { code, advance } = this.encode(text);
    const at = rounded(width === undefined ? x : x + width - advance * size);
    const baseline = rounded(y + (font.ascender / 1000) * size);
    const page = this.doc.page as unknown as { fonts: Record<string, unknown> };
    page.fonts[font.id] ??= font.ref();
    const face = `/${font.id} ${rounded(size)} Tf`;
    if (!this.batching) {
      this.append(`BT 1 0 0 -1 ${at} ${baseline} Tm ${face} (${code}) Tj ET`);
      return;
    }
    const { line } = this;
    let place: string;
    if (!line) place = `BT 1 0 0 -1 ${at} ${baseline} Tm ${face}`;
    else {
      // The matrix flips y: a move down the page is a negative ty.
      place = `${rounded(at - line.x)} ${rounded(line.y - baseline)} Td`;
      if (line.font !== font.id || line.size !== size) place += ` ${face}`;
    }
    this.line = { x: at, y: baseline, font: font.id, size };
    this.append(`${place} (${code}) Tj`);
  }
}

/** Registers the report's two weights in `doc` with the cheap layout; answers the font's coverage. */
export function registerFonts(doc: Doc): Covers {
  const { regular, bold } = fontData();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const current = () => (doc as unknown as { _font: EmbeddedFont })._font;
  doc.font(BOLD);
  layoutByCharacter(current());
  doc.font(REGULAR);
  layoutByCharacter(current());
  // pdfkit's embedded font keeps fontkit's font as `font`: its cmap answers coverage.
  const embedded = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: Covers } } })._font?.font;
  const has = embedded?.hasGlyphForCodePoint?.bind(embedded);
  return has ?? (() => false);
}
