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

export type Covers = (codePoint: number) => boolean;

/**
 * A value as the report's font can draw it: a character it has no glyph for becomes '?', and a
 * value longer than its column ends with '...'. Control characters are never drawn. `covers`
 * defaults to Latin-1 only.
 */
export function fit(value: string, chars: number, covers?: Covers): string {
  // Latin-1 without control characters (most values): one character per code unit, nothing to map.
  if (SURE.test(value)) return value.length <= chars ? value : `${value.slice(0, Math.max(1, chars - 3))}...`;
  // Character by character: an arrow or a dash in a heading is common, and most lines have few.
  if (drawableWithin(value, chars, covers)) return value;
  let text = '';
  let length = 0;
  let cut = -1;
  const keep = Math.max(1, chars - 3);
  for (let i = 0; i < value.length; i += 1) {
    const code = value.codePointAt(i) ?? 0;
    const wide = code > 0xffff;
    const drawable = code >= 0x20 && (code < 0x7f || (code >= 0xa0 && (code <= 0xff || covers?.(code) === true)));
    text += drawable ? (wide ? value.slice(i, i + 2) : value[i]) : '?';
    if (wide) i += 1;
    length += 1;
    if (length === keep) cut = text.length;
  }
  return length <= chars ? text : `${text.slice(0, cut)}...`;
}

/** Whether every character of `value` is drawn as it is, and there are no more than `chars`. */
function drawableWithin(value: string, chars: number, covers?: Covers): boolean {
  let length = 0;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.codePointAt(i) ?? 0;
    if (code > 0xffff) i += 1;
    if (!(code >= 0x20 && (code < 0x7f || (code >= 0xa0 && (code <= 0xff || covers?.(code) === true))))) return false;
    length += 1;
  }
  return length <= chars;
}

/** `covers` asked once per character and document: fontkit's cmap lookup is not free. */
export function remembered(covers: Covers): Covers {
  const known = new Map<number, boolean>();
  return (code) => {
    let answer = known.get(code);
    if (answer === undefined) {
      answer = covers(code);
      known.set(code, answer);
    }
    return answer;
  };
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
  return has ? remembered(has) : () => false;
}
