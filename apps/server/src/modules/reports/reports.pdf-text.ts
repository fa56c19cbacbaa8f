import type PDFDocument from 'pdfkit';
import type { PageContent } from './reports.pdf-content';
import { type Covers, type EmbeddedFont, fit } from './reports.pdf-fonts';

// The report's own text writer: lines of text in the report's font as content operations, with the
// glyph ids of pdfkit's subset (reports.pdf-layout.ts draws through it).

type Doc = InstanceType<typeof PDFDocument>;

/** What the text writer uses of pdfkit's embedded font: its subset and the maps `embed` writes. */
interface SubsetFont extends EmbeddedFont {
  id: string;
  ascender: number;
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): PDFKit.PDFKitReference;
}

/** A character or a short value as the page draws it: its glyph ids' bytes in a literal string, and its advance at 1 pt. */
interface Drawn {
  code: Uint8Array;
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
 * Values of at most this many characters (statuses, verdicts, counts, common folder names) are
 * fitted and encoded once per font and document, up to SHORT_KEPT of them a font: most cells of a
 * large report are such values (docs/performance.md, "The customer PDF").
 */
const SHORT = 16;
const SHORT_KEPT = 20_000;
const SPACE = 0x20;

/**
 * One line of text written as one content operation: `BT … Tm /F s Tf (glyphs) Tj ET`, with what
 * pdfkit's `text` (option parsing, a save/flip/restore and five writes per call, and encoding each
 * glyph again) would produce for a line that is not wrapped, kerned or decorated; a table row's
 * lines as one text object (`batch`). The glyphs are pdfkit's subset's (`includeGlyph`, with the
 * widths and the ToUnicode map it embeds), looked up once per character and document: most of a
 * large report is the same few dozen characters (decision 044's addendum of 2026-12-02,
 * docs/performance.md, "The report's own text writer"). Operations go to the page's bytes
 * (reports.pdf-content.ts) without a string made for them.
 */
export class TextWriter {
  private readonly glyphs = new Map<SubsetFont, Map<number, Drawn>>();
  private readonly short = new Map<SubsetFont, Map<string, Drawn>>();
  private batching = false;
  /** In a batch: where the text object's current line starts, and its font, once one is open. */
  private line: { x: number; y: number; font: string; size: number } | null = null;

  constructor(
    private readonly doc: Doc,
    private readonly content: PageContent,
    private readonly covers?: Covers,
  ) {}

  /**
   * Runs `draw` (writes and colours only) as one text object: each line after the first placed
   * relative to the one before (`Td`), the font set only when it changes. A row's positioning then
   * costs a few bytes a cell instead of a whole matrix.
   */
  batch(draw: () => void): void {
    this.batching = true;
    try {
      draw();
    } finally {
      this.batching = false;
      if (this.line) {
        this.content.ascii('ET');
        this.content.end();
      }
      this.line = null;
    }
  }

  /** The fill colour of the text that follows, as PDF's 'r g b' operands (pdfkit's fillColor). */
  fill(rgb: string): void {
    this.content.ascii(rgb);
    this.content.ascii(' rg');
    this.content.end();
  }

  private table(font: SubsetFont): Map<number, Drawn> {
    let table = this.glyphs.get(font);
    if (!table) {
      table = new Map();
      this.glyphs.set(font, table);
    }
    return table;
  }

  private glyph(font: SubsetFont, table: Map<number, Drawn>, codePoint: number): Drawn {
    let drawn = table.get(codePoint);
    if (drawn) return drawn;
    const glyph = font.font.glyphForCodePoint(codePoint);
    const gid = font.subset.includeGlyph(glyph.id);
    font.widths[gid] ??= glyph.advanceWidth * font.scale;
    font.unicode[gid] ??= glyph.codePoints;
    drawn = { code: Buffer.from(literalOf(gid), 'latin1'), advance: (glyph.advanceWidth * font.scale) / 1000 };
    table.set(codePoint, drawn);
    return drawn;
  }

  /** The advance of `text` at 1 pt, summed character by character. */
  private advanceOf(font: SubsetFont, text: string): number {
    const table = this.table(font);
    let advance = 0;
    for (let i = 0; i < text.length; i += 1) {
      const codePoint = text.codePointAt(i) ?? 0;
      if (codePoint > 0xffff) i += 1;
      advance += this.glyph(font, table, codePoint).advance;
    }
    return advance;
  }

  /** `text`'s glyphs into the page (their advance was measured before: advanceOf). */
  private glyphsOf(font: SubsetFont, text: string): void {
    const table = this.table(font);
    for (let i = 0; i < text.length; i += 1) {
      const codePoint = text.codePointAt(i) ?? 0;
      if (codePoint > 0xffff) i += 1;
      this.content.raw(this.glyph(font, table, codePoint).code);
    }
  }

  /** A short value fitted (fit) and encoded, once per font and document. */
  private shortOf(font: SubsetFont, value: string, chars: number): Drawn {
    let kept = this.short.get(font);
    if (!kept) {
      kept = new Map();
      this.short.set(font, kept);
    }
    let drawn = kept.get(value);
    if (drawn) return drawn;
    // A value no longer than its column is not cut: only its undrawable characters change.
    const text = fit(value, chars, this.covers);
    const table = this.table(font);
    const parts: Uint8Array[] = [];
    let advance = 0;
    for (let i = 0; i < text.length; i += 1) {
      const codePoint = text.codePointAt(i) ?? 0;
      if (codePoint > 0xffff) i += 1;
      const glyph = this.glyph(font, table, codePoint);
      parts.push(glyph.code);
      advance += glyph.advance;
    }
    drawn = { code: Buffer.concat(parts), advance };
    if (kept.size < SHORT_KEPT) kept.set(value, drawn);
    return drawn;
  }

  /** The width of `text` in the current font and size (as pdfkit's widthOfString measures it). */
  width(text: string): number {
    return this.advanceOf(this.font(), text) * this.size();
  }

  private size(): number {
    return (this.doc as unknown as { _fontSize: number })._fontSize;
  }

  private font(): SubsetFont {
    return (this.doc as unknown as { _font: SubsetFont })._font;
  }

  /** `/F1 7 Tf`: the font and size of what follows. */
  private face(font: SubsetFont, size: number): void {
    const { content } = this;
    content.byte(0x2f);
    content.ascii(font.id);
    content.byte(SPACE);
    content.number(size);
    content.ascii(' Tf');
  }

  /**
   * `value` fitted to `chars` characters (fit) with its top-left corner at (x, y) in the page's
   * top-down space, as pdfkit places a line; right-aligned to x + width when given. The text matrix
   * flips back what the page's flip turned upside down, so no save and restore is needed around it.
   */
  write(value: string, x: number, y: number, width?: number, chars = Number.POSITIVE_INFINITY): void {
    const font = this.font();
    const size = this.size();
    const short = value.length <= SHORT && value.length <= chars ? this.shortOf(font, value, chars) : null;
    const text = short ? '' : fit(value, chars, this.covers);
    const advance = short ? short.advance : this.advanceOf(font, text);
    const at = rounded(width === undefined ? x : x + width - advance * size);
    const baseline = rounded(y + (font.ascender / 1000) * size);
    const page = this.doc.page as unknown as { fonts: Record<string, unknown> };
    page.fonts[font.id] ??= font.ref();
    const { content, line } = this;
    if (!this.batching || !line) {
      content.ascii('BT 1 0 0 -1 ');
      content.number(at);
      content.byte(SPACE);
      content.number(baseline);
      content.ascii(' Tm ');
      this.face(font, size);
      if (this.batching) this.line = { x: at, y: baseline, font: font.id, size };
    } else {
      // The matrix flips y: a move down the page is a negative ty.
      content.number(at - line.x);
      content.byte(SPACE);
      content.number(line.y - baseline);
      content.ascii(' Td');
      if (line.font !== font.id || line.size !== size) {
        content.byte(SPACE);
        this.face(font, size);
      }
      line.x = at;
      line.y = baseline;
      line.font = font.id;
      line.size = size;
    }
    content.ascii(' (');
    if (short) content.raw(short.code);
    else this.glyphsOf(font, text);
    content.ascii(this.batching ? ') Tj' : ') Tj ET');
    content.end();
  }
}
