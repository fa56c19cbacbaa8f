import { z } from 'zod';
import { inputObject, text } from './fields';

/**
 * The license forecast (docs/decisions/028-license-forecast.md): before a job, does a pool the
 * caller draws from cover so many mailboxes per product, on a planned date? Nothing is stored.
 */
export const FORECAST_LIMITS = {
  /** Mailboxes of one product in one forecast. */
  maxMailboxes: 1_000_000,
  /** Product rows typed in the form. */
  maxItems: 50,
  /** The uploaded CSV file, in bytes (UTF-8). */
  maxCsvBytes: 1_048_576,
  /** Mailbox rows of the CSV file, header not counted. */
  maxCsvRows: 20_000,
  /** How far ahead a planned date may be, in days. */
  maxDaysAhead: 3650,
} as const;

/** The CSV format, as the screen shows it: a header row naming the two columns, then one mailbox a row. */
export const FORECAST_CSV = {
  mailboxColumn: 'mailbox',
  productColumn: 'product',
  example: 'mailbox,product\nanna@contoso.com,MBX\nsales-archive@contoso.com,ARC',
} as const;

export const FORECAST_MSG = {
  poolRequired: 'Choose a pool',
  productRequired: 'Choose a product',
  mailboxesWhole: 'Mailboxes must be a whole number',
  mailboxesMin: 'Mailboxes must be at least 1',
  mailboxesMax: `Mailboxes must be at most ${FORECAST_LIMITS.maxMailboxes.toLocaleString('en-US')}`,
  productOnce: 'Each product can be listed once',
  nothingToForecast: 'Enter mailboxes for at least one product or upload a CSV file',
  plannedDateInvalid: 'Planned date must be a date (YYYY-MM-DD)',
  plannedDatePast: 'Planned date cannot be in the past',
  plannedDateTooFar: 'Planned date must be within 10 years',
  csvTooLarge: `The CSV file must be at most ${FORECAST_LIMITS.maxCsvBytes / 1_048_576} MB`,
  csvTooManyRows: `The CSV file must list at most ${FORECAST_LIMITS.maxCsvRows.toLocaleString('en-US')} mailboxes`,
  unknownProduct: 'Unknown product',
} as const;

const mailboxes = z
  .number({ error: FORECAST_MSG.mailboxesWhole })
  .int(FORECAST_MSG.mailboxesWhole)
  .min(1, FORECAST_MSG.mailboxesMin)
  .max(FORECAST_LIMITS.maxMailboxes, FORECAST_MSG.mailboxesMax);

export const forecastItemSchema = inputObject({
  /** A product code of the catalogue (`GET /Forecast/options`). */
  product: text({ error: FORECAST_MSG.productRequired }).trim().min(1, FORECAST_MSG.productRequired).max(50),
  mailboxes,
});

/** `POST /Forecast`: typed rows, a CSV file's text, or both (their mailboxes add up per product). */
export const forecastRequestSchema = inputObject({
  poolId: z.uuid({ message: FORECAST_MSG.poolRequired }),
  /** The day the job is planned for (UTC); absent means today. */
  plannedDate: text({ error: FORECAST_MSG.plannedDateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, FORECAST_MSG.plannedDateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), FORECAST_MSG.plannedDateInvalid)
    .nullish(),
  items: z
    .array(forecastItemSchema)
    .max(FORECAST_LIMITS.maxItems)
    .refine(
      (rows) => new Set(rows.map((row) => row.product.toUpperCase())).size === rows.length,
      FORECAST_MSG.productOnce,
    )
    .default([]),
  /** The text of a CSV file in the format of FORECAST_CSV; the server parses it. */
  csv: text()
    .max(FORECAST_LIMITS.maxCsvBytes * 2, FORECAST_MSG.csvTooLarge)
    .nullish(),
});
export type ForecastRequest = z.input<typeof forecastRequestSchema>;

/** A lot of the pool whose units expire on or before the planned date: not counted on. */
export const expiringLotSchema = z.object({
  licenseId: z.string(),
  edition: z.string(),
  usageType: z.enum(['Transactional', 'NodeLocked', 'NodeLockedForever']),
  orderId: z.string().nullable(),
  expiryDate: z.string(),
  units: z.number().int(),
});
export type ExpiringLot = z.infer<typeof expiringLotSchema>;

export const forecastLineSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  /** Asked for: typed and CSV rows together. */
  mailboxes: z.number().int(),
  /** The pool's available units today (expired lots left out, as every stock view does). */
  available: z.number().int(),
  /** Units held by jobs in progress: already taken out of available, settled when the mailbox ends. */
  inTransit: z.number().int(),
  /** Available units of lots that expire on or before the planned date. */
  expiring: z.number().int(),
  /** Available units of lots that start after the planned date. */
  notStarted: z.number().int(),
  /** What can be counted on: available - expiring - notStarted. */
  usable: z.number().int(),
  covered: z.boolean(),
  /** 0 when covered. */
  shortBy: z.number().int(),
  expiringLots: z.array(expiringLotSchema),
});
export type ForecastLine = z.infer<typeof forecastLineSchema>;

export const forecastResultSchema = z.object({
  pool: z.object({ id: z.string(), name: z.string(), poolType: z.enum(['Default', 'Pool']) }),
  /** The planned date used (today when none was given). */
  plannedDate: z.string(),
  /** When the counters were read. */
  asOf: z.string(),
  mailboxes: z.number().int(),
  /** Mailboxes that came from the CSV file (0 without one). */
  csvMailboxes: z.number().int(),
  covered: z.boolean(),
  lines: z.array(forecastLineSchema),
});
export type ForecastResult = z.infer<typeof forecastResultSchema>;

/** A pool the caller may forecast for: its own Default pool and the shared pool it belongs to. */
export const forecastPoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  poolType: z.enum(['Default', 'Pool']),
  /** The pool the caller's migrations draw from now (docs/product.md, "Licenses, pools and stock"). */
  drawsFrom: z.boolean(),
});
export type ForecastPool = z.infer<typeof forecastPoolSchema>;

/** `GET /Forecast/options`: what the form offers. */
export const forecastOptionsSchema = z.object({
  pools: z.array(forecastPoolSchema),
  products: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type ForecastOptions = z.infer<typeof forecastOptionsSchema>;
