import { z } from 'zod';
import { idField, inputObject } from './fields';

/* The series behind the charts of the dashboard and the job report (docs/decisions/026-charts.md). */

/** The windows the dashboard's consumption chart offers, in days. */
export const CONSUMPTION_WINDOWS = [30, 90] as const;
export type ConsumptionWindow = (typeof CONSUMPTION_WINDOWS)[number];

/** `GET /LicenseMovement/consumption?days=30|90` (30 when absent). */
export const consumptionQuerySchema = inputObject({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (CONSUMPTION_WINDOWS as readonly number[]).includes(days), 'days is 30 or 90')
    .default(30),
});
export type ConsumptionQuery = z.input<typeof consumptionQuerySchema>;

/**
 * Units consumed (Consume movements) per UTC day and product over the window, ending today: one
 * point per day, oldest first, days without a movement at 0. `products` lists the products that
 * were consumed in the window, most consumed first; each point names every one of them.
 */
export const consumptionSeriesSchema = z.object({
  days: z.number().int(),
  /** The first and last day of the window (UTC, `YYYY-MM-DD`). */
  from: z.string(),
  to: z.string(),
  products: z.array(z.object({ productCode: z.string(), productName: z.string(), units: z.number().int() })),
  points: z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      byProduct: z.record(z.string(), z.number().int()),
    }),
  ),
});
export type ConsumptionSeries = z.infer<typeof consumptionSeriesSchema>;

/** `GET /report/job/{jobId}/items-timeline`. */
export const jobTimelineParamsSchema = inputObject({ jobId: idField });

/**
 * A job's items migrated over time, from its mailbox rows: each mailbox's migrated items placed at
 * its last word (its end, or its last progress report while it runs), summed per interval of
 * `bucketSeconds` from `from` to `to`; intervals without one are 0. `cumulative` is the running sum.
 */
export const jobTimelineSchema = z.object({
  jobId: z.string(),
  bucketSeconds: z.number().int(),
  from: z.string(),
  to: z.string(),
  points: z.array(
    z.object({
      /** The start of the interval (ISO). */
      at: z.string(),
      migratedItems: z.number().int(),
      mailboxes: z.number().int(),
      cumulative: z.number().int(),
    }),
  ),
});
export type JobTimeline = z.infer<typeof jobTimelineSchema>;
