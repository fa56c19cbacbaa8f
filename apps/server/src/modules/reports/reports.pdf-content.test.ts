import fc from 'fast-check';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageContent, type PageParts } from './reports.pdf-content';

// The page's bytes (reports.pdf-content.ts): numbers written as pdfkit's coordinates are, and a
// page's writes deflated once, in order, after what pdfkit wrote before it was attached.

/** A stand-in for pdfkit's page with its content reference: what `attach` reads and replaces. */
function fakePage(before: string) {
  const written: Uint8Array[] = [];
  const page: PageParts & { ended: boolean } = {
    ended: false,
    write: () => {
      throw new Error('attach replaces write');
    },
    content: {
      compress: true,
      buffer: [Buffer.from(before, 'latin1')],
      data: {},
      end() {
        written.push(...page.content.buffer);
        page.ended = true;
      },
    },
  };
  return { page, written };
}

const asText = (content: PageContent, draw: (c: PageContent) => void): string => {
  const { page, written } = fakePage('');
  content.attach(page);
  draw(content);
  page.content.end();
  return inflateSync(Buffer.concat(written)).toString('latin1');
};

describe('the page content writer', () => {
  it('writes a number as String(Math.round(n * 100) / 100) does', () => {
    const content = new PageContent();
    for (const value of [0, -0, 0.004, 0.005, -0.005, 1.005, 12, 594.37, -3.25, 802, 99.999, 1e9 + 0.5, -1234.5]) {
      expect(asText(content, (c) => c.number(value))).toBe(String(Math.round(value * 100) / 100));
    }
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (value) => {
        expect(asText(content, (c) => c.number(value))).toBe(String(Math.round(value * 100) / 100));
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps what pdfkit wrote first, then every write in order, deflated once at the end', () => {
    const content = new PageContent();
    const { page, written } = fakePage('1 0 0 -1 0 595.28 cm\n');
    content.attach(page);
    expect(page.content.buffer).toEqual([]);
    page.write('q');
    content.ascii('BT');
    content.end();
    page.write(Buffer.from('Q\n', 'latin1'));
    // Past the first buffer's 64 KB: the buffer grows and keeps what it held.
    const long = 'x'.repeat(70_000);
    page.write(long);
    expect(page.ended).toBe(false);
    page.content.end();
    expect(page.content.data.Filter).toBe('FlateDecode');
    expect(page.content.compress).toBe(false);
    expect(inflateSync(Buffer.concat(written)).toString('latin1')).toBe(`1 0 0 -1 0 595.28 cm\nq\nBT\nQ\n${long}\n`);
  });
});
