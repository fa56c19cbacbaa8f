import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv, withoutBom } from '../../test/csv-read';
import { csvFileName, neutralise, writeCsv } from './csv';

async function* batches<T>(...groups: T[][]) {
  for (const group of groups) yield group;
}

async function csvOf<T>(columns: Parameters<typeof writeCsv<T>>[1], groups: T[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(out, columns, batches(...groups));
  return Buffer.concat(chunks);
}

describe('the CSV writer', () => {
  it('neutralises what a spreadsheet would run as a formula, and only that', () => {
    for (const cell of ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) expect(neutralise(cell)).toBe(`'${cell}`);
    for (const cell of ['Émile', 'a=b', '', "'quoted"]) expect(neutralise(cell)).toBe(cell);
  });

  it('names the file by what and when, in UTC to the minute', () => {
    expect(csvFileName('users', new Date('2026-11-24T18:30:59.999Z'))).toBe('users_2026-11-24T1830Z.csv');
  });

  it('writes a BOM, a header, CRLF lines and RFC 4180 quoting, numbers as numbers', async () => {
    const body = await csvOf<{ name: string; n: number; ok: boolean; none: string | null }>(
      [
        { header: 'Name', value: (r) => r.name },
        { header: 'N', value: (r) => r.n },
        { header: 'Ok', value: (r) => r.ok },
        { header: 'None', value: (r) => r.none },
      ],
      [
        [{ name: 'Zoë, "the" one', n: -5, ok: true, none: null }],
        [],
        [{ name: 'line\nbreak', n: 3, ok: false, none: '=HYPERLINK("x")' }],
      ],
    );
    const text = withoutBom(body);
    expect(text.startsWith('Name,N,Ok,None\r\n')).toBe(true);
    expect(text).toContain('"Zoë, ""the"" one",-5,Yes,\r\n');
    expect(readCsv(text)).toEqual([
      ['Name', 'N', 'Ok', 'None'],
      ['Zoë, "the" one', '-5', 'Yes', ''],
      ['line\nbreak', '3', 'No', `'=HYPERLINK("x")`],
    ]);
  });

  it('writes the header alone for no rows, and every row once across batches and pieces of 250', async () => {
    const columns = [{ header: 'N', value: (r: { n: number }) => r.n }];
    expect(readCsv(withoutBom(await csvOf(columns, [])))).toEqual([['N']]);
    const rows = Array.from({ length: 1_234 }, (_, n) => ({ n }));
    const body = withoutBom(await csvOf(columns, [rows.slice(0, 600), [], rows.slice(600)]));
    expect(readCsv(body)).toEqual([['N'], ...rows.map(({ n }) => [String(n)])]);
    expect(body.endsWith('1233\r\n')).toBe(true);
  });
});
