import type PDFDocument from 'pdfkit';
import { BOLD, type Covers, fit, REGULAR, registerFonts } from './reports.pdf-fonts';
import { TextWriter } from './reports.pdf-text';
import { type PageParts, PageContent } from './reports.pdf-content';
import { COLOR, hexToRgb, PAGE, PageNumbers } from './reports.pdf-page';

export { COLOR, PAGE } from './reports.pdf-page';

export { BOLD, fit, REGULAR } from './reports.pdf-fonts';

type StructureElement = PDFKit.PDFStructureElement;

type Doc = InstanceType<typeof PDFDocument>;

export const ROW = 11;

/** The report's few colours as PDF operands, converted once. */
const RGB = new Map<string, string>();
function rgbOf(hex: string): string {
  let rgb = RGB.get(hex);
  if (!rgb) {
    rgb = hexToRgb(hex);
    RGB.set(hex, rgb);
  }
  return rgb;
}
const TABLE_SIZE = 7;

/** A column of a table row: where it starts and how many characters fit in it. */
export interface Column {
  x: number;
  chars: number;
  /** Right-aligned at x + width (figures), else left-aligned at x. */
  width?: number;
}

/** What every page but the cover carries: the running header and the footer's left text. */
export interface PageFrame {
  /** "Organisation · Job", at the top of each page. */
  header: string;
  /** "Generated 28/11/2026 18:57:53 Europe/Berlin", in the footer. */
  footer: string;
}

/**
 * Writes lines down the pages: a new page when the next line would not fit, each with the running
 * header and "Page N of M" (M is a form XObject every footer draws and the end fills in, so the
 * document streams page by page: decision 044's addendum). The document is tagged (PDF/UA-style
 * structure): headings, paragraphs and table rows are structure elements under one Document
 * element; headers, footers, rules and shading are artifacts.
 */
export class PdfPages {
  private page = 0;
  private font = '';
  private size = 0;
  private color = '';
  y: number = PAGE.top;
  /** Drawn at the top of each page that continues a table (its column titles). */
  continuation: (() => void) | null = null;
  /** The page's header and footer; null draws none (the cover). */
  frame: PageFrame | null = null;

  /** Whether the report's font has a glyph for a character (fontkit's cmap, through pdfkit). */
  private readonly covers: Covers;
  /** The pages' content, kept as bytes until each page ends. */
  private readonly content = new PageContent();
  /** Each page's "Page N of M", written at the end (finish). */
  private readonly numbers = new PageNumbers();
  /** The structure tree's top element: everything tagged hangs below it. */
  readonly root: StructureElement;

  /** Lines of text as single content operations (reports.pdf-fonts.ts). */
  private readonly writer: TextWriter;

  constructor(readonly doc: Doc) {
    this.covers = registerFonts(doc);
    this.writer = new TextWriter(doc, this.content, this.covers);
    this.font = REGULAR;
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** A value fitted to `chars` characters, in what the font can draw. */
  fit(value: string, chars: number): string {
    return fit(value, chars, this.covers);
  }

  /** The width of `text` in the current font and size. */
  widthOf(text: string): number {
    return this.writer.width(text);
  }

  get pages(): number {
    return this.page;
  }

  newPage(): void {
    this.closeRun();
    this.doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    this.content.attach(this.doc.page as unknown as PageParts);
    this.page += 1;
    this.font = '';
    this.size = 0;
    this.color = '';
    if (this.frame) this.drawFrame(this.frame);
    this.y = PAGE.top;
    this.continuation?.();
  }

  /** The running header (unless `header` is false: the cover) and the footer, as pagination artifacts. */
  drawFrame(frame: PageFrame, header = true): void {
    const { doc } = this;
    doc.markContent('Artifact', { type: 'Pagination' });
    this.style(REGULAR, 7.5, COLOR.muted);
    if (header) {
      this.put(frame.header, PAGE.left, PAGE.header, 150);
      this.hline(PAGE.header + 13, COLOR.rule);
    }
    this.hline(PAGE.footer - 6, COLOR.rule);
    this.put(frame.footer, PAGE.left, PAGE.footer, 110);
    this.numbers.draw(doc);
    doc.endMarkedContent();
    this.color = '';
  }

  /** Writes each page's "Page N of M" (in `pageOf`'s words): called once the last page is done. */
  finish(pageOf?: (page: number, pages: number) => string): void {
    this.numbers.finish(pageOf);
  }

  /** Room for `height` more points on this page, else a new one. */
  room(height: number): void {
    if (this.y + height > PAGE.bottom) this.newPage();
  }

  /** Switches font, size and colour only when they change: each switch is an operator in the page. */
  style(font: string, size: number, color: string = COLOR.ink): void {
    if (font !== this.font) this.doc.font(font);
    if (size !== this.size) this.doc.fontSize(size);
    if (color !== this.color) this.writer.fill(rgbOf(color));
    this.font = font;
    this.size = size;
    this.color = color;
  }

  /** One line of text at (x, y), cut to `chars`; right-aligned to x + width when given. */
  put(value: string, x: number, y: number, chars = 110, width?: number): void {
    if (value) this.writer.write(value, x, y, width, chars);
  }

  /**
   * Draws what `draw` writes as one structure element of `type` under `parent`: its content is
   * marked with the element's id on this page.
   */
  tag(type: string, draw: () => void, parent: StructureElement = this.root, options: object = {}): void {
    const content = this.doc.markStructureContent(type);
    draw();
    this.doc.endMarkedContent();
    parent.add(this.doc.struct(type, options, [content]));
  }

  /**
   * The rows of a large table drawn on one page, as one marked sequence: a TBody of `table` per
   * page rather than a TR per row (which doubled the layout of 10,000 mailboxes: decision 044's
   * addendum). Opened by the first row, closed by a new page, a tagged element or closeRun.
   */
  private run: { table: StructureElement; content: PDFKit.PDFStructureContent } | null = null;

  private openRun(table: StructureElement): void {
    if (this.run?.table === table) return;
    this.closeRun();
    this.run = { table, content: this.doc.markStructureContent('TBody') };
  }

  closeRun(): void {
    const { run } = this;
    if (!run) return;
    this.run = null;
    this.doc.endMarkedContent();
    run.table.add(this.doc.struct('TBody', {}, [run.content]));
  }

  /** Draws into `table`'s run of rows on this page (or as a paragraph when there is no table). */
  inTable(table: StructureElement | null, draw: () => void): void {
    if (table) {
      this.openRun(table);
      draw();
    } else this.tag('P', draw);
  }

  /** After shapes were filled: the next text sets its colour again. */
  shapesDrawn(): void {
    this.color = '';
  }

  /** Vector drawing that carries no content (rules, shading): an artifact. */
  artifact(draw: () => void): void {
    this.closeRun();
    this.doc.markContent('Artifact', { type: 'Layout' });
    draw();
    this.doc.endMarkedContent();
    // The fill colour is the shapes'; text sets its own again.
    this.color = '';
  }

  hline(y: number, color: string, from: number = PAGE.left, to: number = PAGE.right, width = 0.5): void {
    this.doc.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke();
  }

  /**
   * A zebra band behind a row. Inside a run of rows it is drawn in the run (a rectangle carries no
   * text, so it adds nothing to the table's content), ending no marked sequence.
   */
  private shade(y: number): void {
    this.doc.rect(PAGE.left - 4, y - 2.5, PAGE.right - PAGE.left + 8, ROW).fill(COLOR.band);
    this.color = '';
  }

  /** A table row: each cell at its column, as a TR of `table` (or an artifact: repeated titles). */
  row(
    columns: readonly Column[],
    values: readonly string[],
    {
      bold = false,
      table,
      shade = false,
      color,
    }: { bold?: boolean; table?: StructureElement; shade?: boolean; color?: (i: number) => string | undefined } = {},
  ): void {
    this.room(ROW);
    const y = this.y;
    if (shade) this.shade(y);
    const draw = () => {
      for (let i = 0; i < columns.length; i += 1) {
        const column = columns[i];
        const value = values[i];
        if (!column || !value) continue;
        this.style(bold ? BOLD : REGULAR, TABLE_SIZE, color?.(i) ?? (bold ? COLOR.muted : COLOR.ink));
        this.put(value, column.x, y, column.chars, column.width);
      }
    };
    if (table) {
      this.openRun(table);
      this.writer.batch(draw);
    } else {
      this.closeRun();
      this.doc.markContent('Artifact', { type: 'Pagination' });
      this.writer.batch(draw);
      this.doc.endMarkedContent();
    }
    this.y += ROW;
  }

  /** A line of running text (a paragraph). */
  text(
    value: string,
    {
      size = 9,
      bold = false,
      color = COLOR.ink,
      indent = 0,
      chars = 160,
      parent,
    }: {
      size?: number;
      bold?: boolean;
      color?: string;
      indent?: number;
      chars?: number;
      parent?: StructureElement;
    } = {},
  ): void {
    const height = size + 4;
    this.room(height);
    const y = this.y;
    this.tag(
      'P',
      () => {
        this.style(bold ? BOLD : REGULAR, size, color);
        this.put(value, PAGE.left + indent, y, chars);
      },
      parent,
    );
    this.y += height;
  }

  /** A heading (H1..H3) with some space above it, kept with at least two lines below. */
  heading(
    value: string,
    level: 1 | 2 | 3,
    { size = level === 1 ? 16 : level === 2 ? 13 : 8, color = COLOR.ink } = {},
  ): void {
    this.room(size + 10 + ROW * 3);
    this.y += level === 3 ? 5 : 8;
    const y = this.y;
    this.tag(`H${level}`, () => {
      this.style(BOLD, size, color);
      this.put(value, PAGE.left, y, level === 3 ? 180 : 120);
    });
    this.y += size + (level === 3 ? 4 : 6);
  }

  /** A thin rule under a table's titles. */
  rule(): void {
    const y = this.y - 2.5;
    this.artifact(() => this.hline(y, COLOR.rule));
  }
}
