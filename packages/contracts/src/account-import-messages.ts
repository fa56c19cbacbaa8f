import { IMPORT_FIELD_MSG, IMPORT_MAX_ROWS } from './account-imports';

/**
 * What the user import (decision 047) says of a file and of each row, apart from the endpoint
 * table's schemas (account-imports.ts), so that the shell, which loads that table, does not carry
 * these sentences: only the server and the Import users page use them.
 */
/** The file's columns, as its first line names them (any order, any case); the last two may be left out. */
export const IMPORT_COLUMNS = ['Name', 'Email', 'Role', 'Pool', 'Products'] as const;
export const IMPORT_REQUIRED_COLUMNS = ['Name', 'Email'] as const;
/** What a template file holds: the header and two example rows. */
export const IMPORT_TEMPLATE = [
  IMPORT_COLUMNS.join(','),
  'Jane Doe,jane.doe@example.com,User,,MBX=1',
  'Sam Lee,sam.lee@example.com,Admin,Sales,',
].join('\r\n');

export const IMPORT_MSG = {
  ...IMPORT_FIELD_MSG,
  notCsv: 'This file is not a CSV file of users: it holds binary data.',
  noHeader: `The first line must name the columns: ${IMPORT_COLUMNS.join(', ')} (Role, Pool and Products may be left out).`,
  missingColumn: (column: string) => `The file has no ${column} column. Its first line must name the columns.`,
  unknownColumn: (column: string) =>
    `The column "${column}" is not one of ${IMPORT_COLUMNS.join(', ')}. Rename or remove it.`,
  repeatedColumn: (column: string) => `The column ${column} is named twice.`,
  noRows: 'The file has no rows below its header.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  notFound: 'Import not found.',
  alreadyApplied: 'This import was already applied.',
  nothingToApply: 'Nothing in this import can be created: fix the rows with errors and upload the file again.',
  applied: 'Import started. Rows are created in the background; this page shows the progress.',
  // Per row: why it cannot be created.
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must not be longer than 100 characters.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is not a valid email address.',
  formula: (column: string) =>
    `${column} starts with =, +, -, @ or a tab: a spreadsheet would run it as a formula. Remove that character.`,
  roleUnknown: (role: string) => `Role "${role}" is not one you can give: use User or Admin.`,
  poolUnknown: (pool: string) => `Pool "${pool}" is not one of your shared pools.`,
  productsUnreadable: 'Products must read like MBX=5; ARC=2 (a product code or kind, =, a whole number).',
  productUnknown: (product: string) => `You hold no units of "${product}".`,
  productAmbiguous: (product: string, kinds: string[]) =>
    `You hold ${product} of ${kinds.length} kinds: write one of ${kinds.join(', ')}.`,
  productRepeated: (product: string) => `${product} is named twice in this row.`,
  quantityInvalid: 'Each quantity must be a whole number from 1 to 100,000.',
  notEnoughStock: (product: string, left: number) =>
    `Not enough ${product}: ${left} left for this row after the rows above it.`,
  duplicateInFile: (line: number) => `The same email is on line ${line} of this file.`,
  // Per row: why it is skipped, or what became of it.
  exists: 'An account with this email already exists: skipped.',
  created: 'Created; a confirmation email was sent.',
  createdWithUnits: (units: number) => `Created with ${units} units; a confirmation email was sent.`,
  importerGone: 'The account that started this import can no longer create users.',
} as const;
