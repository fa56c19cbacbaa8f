import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { fit } from './reports.pdf-fonts';
import { literalOf } from './reports.pdf-text';
import { PdfPages } from './reports.pdf-layout';

// The report's own text writer (reports.pdf-text.ts): lines written as single content operations
// with the glyph ids of pdfkit's subset in literal strings, read back by a PDF reader.

async function written(draw: (pages: PdfPages) => void): Promise<{ text: string; bytes: Buffer }> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  const pages = new PdfPages(doc);
  pages.newPage();
  draw(pages);
  pages.finish();
  doc.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text, bytes };
}

describe('the report text writer', () => {
  it('escapes the bytes a literal string cannot hold as they are', () => {
    expect(literalOf(0x0041)).toBe('\u0000A');
    expect(literalOf(0x2829)).toBe('\\(\\)');
    expect(literalOf(0x5c0d)).toBe('\\\\\\r');
    expect(literalOf(0x0d5c)).toBe('\\r\\\\');
  });

  it('writes lines a PDF reader reads back, past the glyph ids that need escaping', async () => {
    // 160 different characters: the subset's ids run past 13, 40, 41 and 92 ('\r', '(', ')', '\').
    const latin = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    const more = 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ';
    const lines = [
      latin.slice(0, 47),
      latin.slice(47),
      more.slice(0, 31),
      more.slice(31),
      'Łódź — Αθήνα — Москва',
      '(a) \\ [b]',
    ];
    const { text } = await written((pages) => {
      lines.forEach((line, i) => pages.put(line, 40, 60 + i * 14, 200));
      pages.style('DejaVuSans-Bold', 9);
      pages.put('1,234', 40, 200, 20, 100);
      // A table row: its cells in one text object, each placed from the one before, in two colours.
      pages.y = 240;
      pages.row(
        [
          { x: 40, chars: 30 },
          { x: 200, chars: 12, width: 40 },
          { x: 260, chars: 20 },
        ],
        ['Łukasz (Ops)', '12,345', 'Incomplete'],
        { bold: false, color: (i) => (i === 2 ? '#b42318' : undefined) },
      );
      pages.row(
        [
          { x: 40, chars: 30 },
          { x: 200, chars: 12, width: 40 },
        ],
        ['second row', '7'],
      );
      // Fitted as it is written: a control character and CJK as '?', cut past its characters.
      pages.put('tab\there wang.中 and a long tail', 40, 280, 18);
      // A short value is fitted and encoded once per font: the same value again, and in bold.
      pages.style('DejaVuSans', 7);
      pages.put('中 short', 40, 300, 10);
      pages.put('中 short', 140, 300, 10);
      pages.style('DejaVuSans-Bold', 7);
      pages.put('中 short', 240, 300, 10);
      pages.put('cut short value', 340, 300, 8);
    });
    for (const line of lines) expect(text).toContain(line);
    expect(text).toContain('1,234');
    expect(text).toMatch(/Łukasz \(Ops\)\s+12,345\s+Incomplete\s+second row\s+7/);
    expect(text).toContain('tab?here wang.?...');
    expect(text).toMatch(/\? short\s+\? short\s+\? short\s+cut s\.\.\./);
  });

  it('right-aligns a figure at its column edge, as pdfkit measures its width', async () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const pages = new PdfPages(doc);
    pages.newPage();
    pages.style('DejaVuSans', 7);
    doc.fontSize(7);
    expect(pages.widthOf('12,345')).toBeCloseTo(doc.widthOfString('12,345'), 6);
    expect(pages.widthOf('Łódź')).toBeCloseTo(doc.widthOfString('Łódź'), 6);
    doc.end();
  });

  it('fits values to their column, in what the font can draw', () => {
    expect(fit('short', 10)).toBe('short');
    expect(fit('a much longer value', 10)).toBe('a much ...');
    expect(fit('tab\there', 20)).toBe('tab?here');
    expect(fit('wang.中', 20, () => false)).toBe('wang.?');
    expect(fit('Łódź', 3, () => true)).toBe('Ł...');
  });
});
