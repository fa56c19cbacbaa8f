import { z } from 'zod';
import { idField, inputObject, text } from './fields';
import { pageNumberField, pageSizeField } from './envelope';

/**
 * Importing users from a CSV file (docs/decisions/047-user-import.md): an Admin uploads a file, the
 * server answers a dry run (what each row would do), and once applied the rows are created in the
 * background, each in a transaction of its own, with the result downloadable as CSV.
 */

/** The most rows one file may hold, and the most characters it may have. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_CHARS = 5_000_000;
/** In megabytes, as the messages say it. */
export const IMPORT_MAX_MB = 5;

export const IMPORT_PLANS = ['Create', 'Skip', 'Error'] as const;
export type ImportPlan = (typeof IMPORT_PLANS)[number];
/** A row's state: Planned before the import is applied, Queued until its turn, then its result. */
export const IMPORT_ROW_STATUSES = ['Planned', 'Queued', 'Created', 'Skipped', 'Failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export const IMPORT_STATUSES = ['Planned', 'Applying', 'Done'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The messages of the upload's own fields (the rest are in account-import-messages.ts). */
export const IMPORT_FIELD_MSG = {
  fileRequired: 'Choose a CSV file to import.',
  fileNameRequired: 'The file needs a name.',
  tooLarge: `The file is larger than ${IMPORT_MAX_MB} MB. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
} as const;

/** `POST /User/imports`: the file as text, read by the browser. */
export const createImportSchema = inputObject({
  fileName: text({ error: IMPORT_FIELD_MSG.fileNameRequired })
    .trim()
    .min(1, IMPORT_FIELD_MSG.fileNameRequired)
    .max(255),
  csv: text({ error: IMPORT_FIELD_MSG.fileRequired })
    .min(1, IMPORT_FIELD_MSG.fileRequired)
    .max(IMPORT_MAX_CHARS, IMPORT_FIELD_MSG.tooLarge),
});
export type CreateImport = z.input<typeof createImportSchema>;

/** Rows by what they would do (the dry run) and by what became of them (once applied). */
export const importCountsSchema = z.object({
  create: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
  queued: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});

export const accountImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int(),
  counts: importCountsSchema,
  /** Units the rows to create ask for, by product code. */
  units: z.number().int(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AccountImport = z.infer<typeof accountImportSchema>;

export const importRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  pool: z.string(),
  products: z.string(),
  plan: z.enum(IMPORT_PLANS),
  status: z.enum(IMPORT_ROW_STATUSES),
  /** Why it is skipped or cannot be created, or what became of it. */
  message: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importParamsSchema = inputObject({ id: idField });
export const importRowsQuerySchema = inputObject({
  pageNumber: pageNumberField,
  pageSize: pageSizeField(100, 25),
  /** Only the rows with this plan (before apply) or result. */
  show: z.enum(['All', 'Create', 'Skip', 'Error', 'Created', 'Skipped', 'Failed']).default('All'),
});
export type ImportRowsQuery = z.input<typeof importRowsQuerySchema>;
export const importListQuerySchema = inputObject({ pageNumber: pageNumberField, pageSize: pageSizeField(50, 10) });
