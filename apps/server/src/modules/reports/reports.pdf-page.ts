import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

// Fixed positions on an A4 landscape page in points: one line per cell at its column's x, nothing
// wrapped or padded (each character given is encoded and measured, so fewer and shorter strings are
// what makes a report of 10,000 mailboxes fast; reports.pdf-text.ts's TextWriter writes them). Landscape gives the mailbox
// table its ten columns on one line (docs/decisions/044-completeness-and-consistency.md).
export const PAGE = {
  width: 841.89,
  height: 595.28,
  left: 40,
  right: 802,
  header: 22,
  top: 56,
  bottom: 546,
  footer: 562,
} as const;
/** The report's colours: ink, muted text, rules, the zebra's band and the accent of the cover. */
export const COLOR = {
  ink: '#1f2937',
  muted: '#5b6472',
  rule: '#cbd2da',
  band: '#f1f4f8',
  accent: '#1e3a5f',
  onAccent: '#ffffff',
  good: '#1a7f37',
  warn: '#a15c07',
  bad: '#b42318',
  info: '#2f5fa7',
  neutral: '#6b7280',
} as const;
/** '#1e3a5f' as PDF's 'r g b' operands. */
export function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => (c / 255).toFixed(3)).join(' ');
}
const MUTED_RGB = hexToRgb(COLOR.muted);
const FOOTER_SIZE = 7.5;

/** A form XObject as pdfkit's reference holds it: its dictionary, and its stream written at the end. */
interface FormObject {
  data: Record<string, unknown>;
  end(chunk?: string): void;
}

/** An embedded font as pdfkit holds it: its resource name, its dictionary and its encoder. */
interface FontResource {
  id: string;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown[]];
  widthOfString(text: string, size: number): number;
  ascender: number;
}

/**
 * "Page N of M" in every footer while the document streams: each page draws a form XObject of its
 * own, and finish() writes them all once M is known (decision 044's addendum). pdfkit's
 * `bufferPages` would instead hold every page until the end.
 */
export class PageNumbers {
  private numbers: FormObject[] = [];
  private font: FontResource | undefined;

  /** Places this page's number, right-aligned at the footer's right edge, in the footer's font. */
  draw(doc: Doc): void {
    const number = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [-240, -4, 4, 12] }) as unknown as FormObject;
    this.numbers.push(number);
    this.font ??= (doc as unknown as { _font: FontResource })._font;
    const baseline = PAGE.height - PAGE.footer - (this.font.ascender / 1000) * FOOTER_SIZE;
    (doc.page.xobjects as Record<string, unknown>).PageNumber = number;
    doc.addContent(`q 1 0 0 -1 0 ${PAGE.height} cm 1 0 0 1 ${PAGE.right} ${baseline.toFixed(2)} cm /PageNumber Do Q`);
  }

  /** Writes each page's "Page N of M", right-aligned (the width is the font's, as pdfkit measures it). */
  finish(pageOf: (page: number, pages: number) => string = (page, pages) => `Page ${page} of ${pages}`): void {
    const { font } = this;
    const total = this.numbers.length;
    this.numbers.forEach((number, i) => {
      if (!font) return number.end();
      const text = pageOf(i + 1, total);
      const [glyphs] = font.encode(text);
      const width = font.widthOfString(text, FOOTER_SIZE);
      number.data.Resources = { Font: { [font.id]: font.ref() } };
      number.end(
        `${MUTED_RGB} rg BT /${font.id} ${FOOTER_SIZE} Tf ${(-width).toFixed(2)} 0 Td <${glyphs.join('')}> Tj ET`,
      );
    });
    this.numbers = [];
  }
}
