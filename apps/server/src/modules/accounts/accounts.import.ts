import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { IMPORT_MAX_ROWS, type ImportPlan } from '@portal/contracts/account-imports';
import { IMPORT_COLUMNS, IMPORT_MSG, IMPORT_REQUIRED_COLUMNS } from '@portal/contracts/account-import-messages';
import { nameField } from '@portal/contracts/accounts';
import { emailField } from '@portal/contracts/login';
import { CREATABLE_ROLES } from '@portal/contracts/roles';
import type { Database } from '../../db/client';
import { accountImportRows, accountImports, accounts, licenses, pools, stock } from '../../db/schema';
import { badRequest, conflict } from '../../core/errors';
import { normalizeEmail } from '../../core/email';
import { CSV_HEADERS } from '../../lib/i18n/csv-headers';
import { defaultPoolOf } from '../stock';

type Column = (typeof IMPORT_COLUMNS)[number];
type Item = { groupKey: string; productCode: string; quantity: number };

/** A row as the file gives it: its line (the header is line 1) and its cells by column. */
export interface ParsedRow {
  line: number;
  cells: Record<Column, string>;
}

/** What a spreadsheet program runs as a formula (OWASP "CSV injection"): refused in a name or pool. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A piece of the file handed to the parser at a time: the parse yields the event loop between pieces. */
const PIECE = 64 * 1024;
const MAX_QUANTITY = 100_000;
/** The Pool the Users list and its export show for an account in no shared pool. */
const INDIVIDUAL = 'individual';
/** Rows written per INSERT. */
const INSERT_BATCH = 1000;

function* piecesOf(text: string) {
  for (let from = 0; from < text.length; from += PIECE) yield text.slice(from, from + PIECE);
}

/**
 * The file's rows, or a whole-file error (400) that says what is wrong with it: binary data, a
 * first line that does not name the columns, too many rows, a quote left open. Parsed a piece at a
 * time by csv-parse's stream, so a 5 MB file never holds the event loop for long.
 */
export async function parseImportFile(csv: string): Promise<ParsedRow[]> {
  // Control characters no text file holds, or the mark of bytes that were not UTF-8 text.
  // eslint-disable-next-line no-control-regex -- the bytes of a binary file are what it looks for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(csv)) throw badRequest(IMPORT_MSG.notCsv);
  const parser = Readable.from(piecesOf(csv)).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true }),
  );
  const rows: ParsedRow[] = [];
  let columns: (Column | null)[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = headerOf(record);
        continue;
      }
      if (record.every((cell) => cell === '')) continue;
      if (rows.length === IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows);
      const cells = { Name: '', Email: '', Role: '', Pool: '', Products: '' };
      columns.forEach((column, index) => {
        if (column) cells[column] = record[index] ?? '';
      });
      rows.push({ line: info.lines, cells });
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) {
      throw badRequest(IMPORT_MSG.unreadable(error.message));
    }
    throw error;
  }
  if (!columns) throw badRequest(IMPORT_MSG.noHeader);
  if (rows.length === 0) throw badRequest(IMPORT_MSG.noRows);
  return rows;
}

/**
 * Columns of the Users export (accounts.csv.ts) that an import reads too, so that an exported file
 * imports as it is: its Roles as the Role, its Status and Created ignored, in whichever language the
 * export was headed (decision 052).
 */
const EXPORT_ALIASES: Record<string, Column | null> = { roles: 'Role', status: null, created: null };

/** Every name a column goes by: its English one, and its translations (a Users export in German). */
function knownColumns(): Map<string, Column | null> {
  const known = new Map<string, Column | null>([
    ...IMPORT_COLUMNS.map((column) => [column.toLowerCase(), column] as const),
    ...Object.entries(EXPORT_ALIASES),
  ]);
  for (const [english, translations] of Object.entries(CSV_HEADERS)) {
    const column = known.get(english.toLowerCase());
    if (column === undefined) continue;
    for (const name of Object.values(translations)) known.set(name.toLowerCase(), column);
  }
  return known;
}
const KNOWN_COLUMNS = knownColumns();

function headerOf(record: string[]): (Column | null)[] {
  const known = KNOWN_COLUMNS;
  // A file whose first line names none of the columns is no import file at all.
  if (!record.some((cell) => known.has(cell.toLowerCase()))) throw badRequest(IMPORT_MSG.noHeader);
  const columns = record.map((cell) => {
    const column = known.get(cell.toLowerCase());
    if (column === undefined) throw badRequest(IMPORT_MSG.unknownColumn(cell.slice(0, 50)));
    return column;
  });
  for (const column of columns) {
    if (column && columns.indexOf(column) !== columns.lastIndexOf(column)) {
      throw badRequest(IMPORT_MSG.repeatedColumn(column));
    }
  }
  for (const column of IMPORT_REQUIRED_COLUMNS) {
    if (!columns.includes(column)) throw badRequest(IMPORT_MSG.missingColumn(column));
  }
  return columns;
}

/** What the importer holds now: its shared pools by name, its usable units by group. */
interface Holdings {
  poolsByName: Map<string, string>;
  /** Units left per group key, as the dry run hands them to the rows top down. */
  left: Map<string, number>;
  /** Group keys by product code (upper case), and each group's code. */
  groupsByProduct: Map<string, string[]>;
  codeOfGroup: Map<string, string>;
}

async function holdingsOf(db: Database, ownerId: string, now: Date): Promise<Holdings> {
  const shared = await db
    .select({ id: pools.id, name: pools.name })
    .from(pools)
    .where(and(eq(pools.ownerId, ownerId), eq(pools.poolType, 'Pool')));
  const source = await defaultPoolOf(db, ownerId);
  const groups = await db
    .select({
      groupKey: licenses.groupKey,
      productCode: licenses.productCode,
      available: sql<number>`sum(${stock.available})::int`,
    })
    .from(stock)
    .innerJoin(licenses, eq(licenses.id, stock.licenseId))
    .where(
      and(
        eq(stock.poolId, source),
        gt(stock.available, 0),
        or(isNull(licenses.expiryDate), gt(licenses.expiryDate, now)),
      ),
    )
    .groupBy(licenses.groupKey, licenses.productCode);
  const groupsByProduct = new Map<string, string[]>();
  for (const group of groups) {
    const code = group.productCode.toUpperCase();
    groupsByProduct.set(code, [...(groupsByProduct.get(code) ?? []), group.groupKey]);
  }
  return {
    poolsByName: new Map(shared.map((pool) => [pool.name.toLowerCase(), pool.id])),
    left: new Map(groups.map((group) => [group.groupKey, group.available])),
    groupsByProduct,
    codeOfGroup: new Map(groups.map((group) => [group.groupKey, group.productCode])),
  };
}

/** `MBX=5; MBX|Standard|Fixed|30|NodeLocked=2`: each product code or group key with its quantity. */
function itemsOf(text: string, holdings: Holdings): Item[] | string {
  if (text === '') return [];
  const items: Item[] = [];
  for (const part of text
    .split(';')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const match = /^(.+?)\s*[=:]\s*(\d+)$/.exec(part);
    if (!match) return IMPORT_MSG.productsUnreadable;
    const [, named, digits] = match as unknown as [string, string, string];
    const quantity = Number(digits);
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return IMPORT_MSG.quantityInvalid;
    const byKey = [...holdings.codeOfGroup.keys()].find((key) => key.toLowerCase() === named.toLowerCase());
    const kinds = byKey ? [byKey] : (holdings.groupsByProduct.get(named.toUpperCase()) ?? []);
    if (kinds.length === 0) return IMPORT_MSG.productUnknown(named);
    if (kinds.length > 1) return IMPORT_MSG.productAmbiguous(named, kinds);
    const groupKey = kinds[0]!;
    if (items.some((item) => item.groupKey === groupKey)) return IMPORT_MSG.productRepeated(named);
    items.push({ groupKey, productCode: holdings.codeOfGroup.get(groupKey)!, quantity });
  }
  return items;
}

/** The emails of `emails` that an account has already (compared in lower case). */
async function existingEmails(db: Database, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let from = 0; from < emails.length; from += INSERT_BATCH) {
    const rows = await db
      .select({ email: sql<string>`lower(${accounts.email})` })
      .from(accounts)
      .where(inArray(sql`lower(${accounts.email})`, emails.slice(from, from + INSERT_BATCH)));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

interface PlannedRow {
  line: number;
  name: string;
  email: string;
  role: string;
  pool: string;
  products: string;
  items: Item[];
  units: number;
  plan: ImportPlan;
  message: string | null;
}

/** Why a row cannot be created, or null: its own cells, before the accounts and stock are asked. */
function fault(cells: Record<Column, string>): string | null {
  if (FORMULA_START.test(cells.Name)) return IMPORT_MSG.formula('Name');
  if (FORMULA_START.test(cells.Pool)) return IMPORT_MSG.formula('Pool');
  const name = nameField.safeParse(cells.Name);
  if (!name.success) return cells.Name === '' ? IMPORT_MSG.nameRequired : IMPORT_MSG.nameTooLong;
  if (cells.Email === '') return IMPORT_MSG.emailRequired;
  if (!emailField.safeParse(cells.Email).success) return IMPORT_MSG.emailInvalid;
  return null;
}

/**
 * The dry run: what each row would do, in file order. A row is created, skipped (its email has an
 * account: importing the same file twice changes nothing), or has an error that says why; the
 * units of the rows to create are counted against the importer's stock top down.
 */
export async function planRows(db: Database, ownerId: string, rows: ParsedRow[], now: Date): Promise<PlannedRow[]> {
  const holdings = await holdingsOf(db, ownerId, now);
  const taken = await existingEmails(
    db,
    rows.map((row) => normalizeEmail(row.cells.Email)),
  );
  const firstLine = new Map<string, number>();
  const poolOf = (cell: string) => (cell.toLowerCase() === INDIVIDUAL ? '' : cell);
  return rows.map(({ line, cells: given }) => {
    const cells = { ...given, Pool: poolOf(given.Pool) };
    const email = normalizeEmail(cells.Email);
    const row = {
      line,
      name: cells.Name.slice(0, 200),
      email: cells.Email.slice(0, 300),
      role: cells.Role.slice(0, 50),
      pool: cells.Pool.slice(0, 200),
      products: cells.Products.slice(0, 1000),
      items: [] as Item[],
      units: 0,
    };
    const refuse = (message: string): PlannedRow => ({ ...row, plan: 'Error', message });
    const wrong = fault(cells);
    if (wrong) return refuse(wrong);
    const earlier = firstLine.get(email);
    if (earlier !== undefined) return refuse(IMPORT_MSG.duplicateInFile(earlier));
    firstLine.set(email, line);
    if (taken.has(email)) return { ...row, plan: 'Skip', message: IMPORT_MSG.exists };
    const role = CREATABLE_ROLES.find((known) => known.toLowerCase() === (cells.Role || 'User').toLowerCase());
    if (!role) return refuse(IMPORT_MSG.roleUnknown(cells.Role.slice(0, 50)));
    if (cells.Pool !== '' && !holdings.poolsByName.has(cells.Pool.toLowerCase())) {
      return refuse(IMPORT_MSG.poolUnknown(cells.Pool.slice(0, 100)));
    }
    const items = itemsOf(cells.Products, holdings);
    if (typeof items === 'string') return refuse(items);
    const short = items.find((item) => (holdings.left.get(item.groupKey) ?? 0) < item.quantity);
    if (short) return refuse(IMPORT_MSG.notEnoughStock(short.productCode, holdings.left.get(short.groupKey) ?? 0));
    for (const item of items) holdings.left.set(item.groupKey, holdings.left.get(item.groupKey)! - item.quantity);
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    return { ...row, role, items, units, plan: 'Create', message: null };
  });
}

/** Parses, plans and stores an upload: the import and its rows, in one transaction. */
export async function createImport(
  db: Database,
  ownerId: string,
  input: { fileName: string; ip: string } & ({ csv: string } | { rows: ParsedRow[] }),
  now: Date,
): Promise<string> {
  const rows = 'rows' in input ? input.rows : await parseImportFile(input.csv);
  return db.transaction(async (tx) => {
    const planned = await planRows(tx, ownerId, rows, now);
    const [created] = await tx
      .insert(accountImports)
      .values({ ownerId, fileName: input.fileName, totalRows: rows.length, ip: input.ip })
      .returning({ id: accountImports.id });
    const importId = created!.id;
    for (let from = 0; from < planned.length; from += INSERT_BATCH) {
      await tx
        .insert(accountImportRows)
        .values(planned.slice(from, from + INSERT_BATCH).map((row) => ({ ...row, importId })));
    }
    return importId;
  });
}

type ImportRecord = typeof accountImports.$inferSelect;

/**
 * Applies an import once: its rows to create are queued (the runner creates them one by one), the
 * rows to skip and those with errors get their result at once. Answers how many rows were queued.
 */
export async function applyImport(tx: Database, record: ImportRecord, ip: string, now: Date): Promise<number> {
  const [locked] = await tx
    .select({ appliedAt: accountImports.appliedAt })
    .from(accountImports)
    .where(eq(accountImports.id, record.id))
    .for('update');
  if (locked?.appliedAt) throw conflict(IMPORT_MSG.alreadyApplied);
  const queued = await tx
    .update(accountImportRows)
    .set({ status: 'Queued', nextAttemptAt: sql`now()` })
    .where(and(eq(accountImportRows.importId, record.id), eq(accountImportRows.plan, 'Create')))
    .returning({ id: accountImportRows.id });
  if (queued.length === 0) throw badRequest(IMPORT_MSG.nothingToApply);
  for (const [plan, status] of [
    ['Skip', 'Skipped'],
    ['Error', 'Failed'],
  ] as const) {
    await tx
      .update(accountImportRows)
      .set({ status, settledAt: now })
      .where(and(eq(accountImportRows.importId, record.id), eq(accountImportRows.plan, plan)));
  }
  await tx.update(accountImports).set({ appliedAt: now, ip }).where(eq(accountImports.id, record.id));
  return queued.length;
}
