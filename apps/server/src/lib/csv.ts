import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { yesNo } from '@portal/contracts/labels';

/** A column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** Batches of rows, read one after the other (keyset paging): never the whole export in memory. */
export type RowBatches<T> = AsyncIterable<readonly T[]>;

/** What a spreadsheet program reads as a formula when a cell begins with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made inert against formula injection: one that begins with =, +, -, @, a tab or a
 * carriage return gets a leading single quote, which spreadsheet programs show as text. Numbers
 * are written as numbers (a negative quantity stays -5): only text can carry a formula.
 */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** `users_2026-11-24T1830Z.csv`: what the file holds and when it was made (UTC, to the minute). */
export function csvFileName(what: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(':', '');
  return `${what}_${stamp}Z.csv`;
}

/** A turn of the event loop: what rows formatted in a chain of promises would not give. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Rows formatted as one piece of text, between two turns: under a millisecond of work, formatting
 * and the socket's write together (a profile of the 1,000,000-row export put the write at twice the
 * formatting), so a request that arrives meanwhile waits for no more than that (docs/performance.md).
 */
const ROWS_PER_TURN = 100;

/** csv-stringify's options: RFC 4180 with CRLF, text cells neutralised, booleans as words. */
const FORMAT = {
  record_delimiter: 'windows',
  cast: {
    string: (value: string) => neutralise(value),
    // A person reads the file: yes or no, never the programming words.
    boolean: (value: boolean) => yesNo(value),
  },
} as const;

/**
 * The file's text, 250 rows a piece: the byte order mark and the header line first, then each
 * piece formatted in one call of csv-stringify's synchronous API. A stream of one record at a
 * time cost a promise, a transform and a socket buffer per row on the request thread (issue 23).
 */
async function* csvPieces<T>(batches: RowBatches<T>, columns: readonly CsvColumn<T>[]) {
  const header = columns.map((column) => column.header);
  yield stringify([], { ...FORMAT, bom: true, header: true, columns: header });
  for await (const batch of batches) {
    for (let from = 0; from < batch.length; from += ROWS_PER_TURN) {
      const records = batch
        .slice(from, from + ROWS_PER_TURN)
        .map((row) => columns.map((column) => column.value(row) ?? ''));
      yield stringify(records, FORMAT);
      // A fast client takes text as fast as it is made, and a promise's continuation runs before
      // any request: without a turn now and then, a large export held the event loop (issue 23).
      await turn();
    }
  }
}

/**
 * Writes the rows as CSV to `out`: RFC 4180 (CRLF, quoting where needed), UTF-8 with a byte order
 * mark so spreadsheet programs read accents right, a header line, text cells neutralised. The
 * pipeline honours backpressure end to end: the next piece is made, and the next batch read, only
 * when the reader has taken the previous ones, so memory stays flat whatever the number of rows.
 */
export async function writeCsv<T>(
  out: NodeJS.WritableStream,
  columns: readonly CsvColumn<T>[],
  batches: RowBatches<T>,
) {
  await pipeline(Readable.from(csvPieces(batches, columns)), out);
}

/**
 * Answers a CSV download: the file name in content-disposition, the rows streamed. The answer has
 * begun once this returns, so a later failure can only cut the stream: it is logged.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  file: { what: string; now: Date },
  columns: readonly CsvColumn<T>[],
  batches: RowBatches<T>,
) {
  const out = new PassThrough();
  writeCsv(out, columns, batches).catch((error: unknown) => {
    log.error({ err: error, export: file.what }, 'CSV export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(file.what, file.now)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** What an export's audit row keeps of its filters: those given, arrays as comma-separated text. */
export function exportFilters(filters: Record<string, unknown>): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (Array.isArray(value)) {
      if (value.length > 0) kept[name] = value.join(',');
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      if (value !== '') kept[name] = value;
    }
  }
  return kept;
}

/**
 * The rows per query of an export: the driver and the ORM map a batch in one go on the request
 * thread, so a batch is also the longest the event loop waits for an export. 5,000 held it for 60 to
 * 110 ms; 500 for under 20 ms, and the 1,000,000-row export got faster (13 s against 16.5: less
 * to collect; docs/performance.md).
 */
export const EXPORT_BATCH = 500;

/**
 * The documentation every CSV export route shares: `rows` says which rows (the list it mirrors,
 * its filters and scope), then the format and the file name made by csvFileName.
 */
export function csvExportDocs(what: string, rows: string) {
  return {
    description:
      `${rows} UTF-8 with a byte order mark, RFC 4180 quoting; a text cell that begins with =, +, -, @, ` +
      'a tab or a carriage return gets a leading single quote.',
    success: {
      status: 200 as const,
      description: 'The CSV, streamed.',
      mediaType: 'text/csv',
      headers: { 'Content-Disposition': `attachment, with the file name: \`${what}_<UTC time>.csv\`.` },
    },
  };
}
