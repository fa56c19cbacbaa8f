import { CsvError, parse } from 'csv-parse/sync';
import { FORECAST_CSV, FORECAST_LIMITS, FORECAST_MSG } from '@portal/contracts/forecast';
import type { FieldError } from '@portal/contracts/envelope';
import { AppError, badRequest } from '../../core/errors';

/** At most this many row errors are listed; the message counts them all. */
const MAX_LISTED_ERRORS = 20;
const FIELD = 'csv';

export interface CatalogueProduct {
  code: string;
  name: string;
}

/** The mailboxes of a CSV file, counted per product code. */
export type MailboxCounts = Map<string, number>;

const csvError = (message: string, errors: FieldError[] = [{ field: FIELD, message }]) => badRequest(message, errors);

/** What a person can act on, for the parser's own error codes (row numbers are added by the caller). */
function describeParseError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is not closed (a cell that begins with " must end with ").';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a quote inside a quoted cell must be doubled ("").';
    case 'INVALID_OPENING_QUOTE':
      return 'a quote in the middle of a cell: put the whole cell in quotes and double the quote ("").';
    default:
      return 'this row cannot be read as CSV.';
  }
}

/** The delimiter of the header line: a comma, or a semicolon as spreadsheets of some locales write. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/**
 * Reads a CSV file of mailboxes (FORECAST_CSV): a header row that names a `mailbox` and a `product`
 * column (any order, any case, other columns ignored), then one mailbox a row. The product is a
 * code or a name of the catalogue. Row numbers are the file's lines, the header being row 1. Any bad
 * row refuses the whole file (400) with each bad row named; nothing is counted from it.
 */
export function countMailboxesOfCsv(text: string, catalogue: readonly CatalogueProduct[]): MailboxCounts {
  if (Buffer.byteLength(text, 'utf8') > FORECAST_LIMITS.maxCsvBytes) throw csvError(FORECAST_MSG.csvTooLarge);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw csvError('The CSV file is empty.');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      // The header, the rows allowed and one more: enough to know the file is too long.
      to: FORECAST_LIMITS.maxCsvRows + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const row = typeof error.lines === 'number' && error.lines > 0 ? error.lines : 1;
    throw csvError('The CSV file could not be read.', [
      { field: FIELD, message: `Row ${row}: ${describeParseError(error)}` },
    ]);
  }
  const [header, ...rows] = records;
  const names = (header?.record ?? []).map((cell) => cell.toLowerCase());
  const mailboxColumn = names.indexOf(FORECAST_CSV.mailboxColumn);
  const productColumn = names.indexOf(FORECAST_CSV.productColumn);
  if (mailboxColumn < 0 || productColumn < 0) {
    throw csvError('The CSV file has no header row.', [
      {
        field: FIELD,
        message: `Row ${header?.info.lines ?? 1}: the first row must name the columns "${FORECAST_CSV.mailboxColumn}" and "${FORECAST_CSV.productColumn}".`,
      },
    ]);
  }
  if (rows.length === 0) throw csvError('The CSV file lists no mailboxes.');
  if (rows.length > FORECAST_LIMITS.maxCsvRows) throw csvError(FORECAST_MSG.csvTooManyRows);

  const byKey = new Map<string, CatalogueProduct>();
  for (const product of catalogue) {
    byKey.set(product.code.toLowerCase(), product);
    byKey.set(product.name.toLowerCase(), product);
  }
  const counts: MailboxCounts = new Map();
  const seen = new Map<string, number>();
  const errors: FieldError[] = [];
  for (const { record, info } of rows) {
    const row = info.lines;
    const mailbox = record[mailboxColumn] ?? '';
    const productCell = record[productColumn] ?? '';
    const product = byKey.get(productCell.toLowerCase());
    let problem: string | undefined;
    if (mailbox === '') problem = 'the mailbox is empty.';
    else if (productCell === '') problem = 'the product is empty.';
    else if (!product) problem = `unknown product "${productCell}".`;
    else {
      const key = `${product.code}\u0000${mailbox.toLowerCase()}`;
      const first = seen.get(key);
      if (first !== undefined) problem = `${mailbox} is already listed for ${product.code} on row ${first}.`;
      else seen.set(key, row);
    }
    if (problem) errors.push({ field: FIELD, message: `Row ${row}: ${problem}` });
    else if (product) counts.set(product.code, (counts.get(product.code) ?? 0) + 1);
  }
  if (errors.length > 0) {
    const listed = errors.slice(0, MAX_LISTED_ERRORS);
    if (errors.length > listed.length)
      listed.push({ field: FIELD, message: `…and ${errors.length - listed.length} more rows with errors.` });
    throw new AppError(
      400,
      `The CSV file has ${errors.length} ${errors.length === 1 ? 'row' : 'rows'} with errors: nothing was counted.`,
      listed,
    );
  }
  return counts;
}
