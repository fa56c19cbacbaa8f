import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { envelope, pageSizeField } from './envelope';
import { idField, inputObject, text } from './fields';
import { ROUTES } from './routes';

/*
 * The license trace (decision 046): a mailbox's Reserve, Consume and Release movements in its row
 * detail, and a lot's Consumption tab (which mailboxes and machines consumed it), read from the ledger.
 */

/** One lot a movement drew on, and how many of its units. */
export const traceLotSchema = z.object({
  licenseId: z.string(),
  orderId: z.string().nullable(),
  edition: z.string(),
  quantity: z.number().int(),
});

/** One movement of a mailbox's unit: what, when, from which pool and lots, by whom. */
export const traceEntrySchema = z.object({
  movementId: z.string(),
  action: z.enum(['Reserve', 'Consume', 'Release']),
  at: z.string(),
  productCode: z.string(),
  poolName: z.string().nullable(),
  lots: z.array(traceLotSchema),
  actorName: z.string(),
  actorEmail: z.string(),
  /** The API key the agent acted through, or null when it signed in as the account. */
  apiKeyName: z.string().nullable(),
});
export type TraceEntry = z.infer<typeof traceEntrySchema>;

/** `GET /Report/mailbox/{mailboxId}/license-trace`. */
export const mailboxTraceSchema = z.object({
  mailboxId: z.string(),
  sourceMailbox: z.string(),
  licenseState: z.enum(['None', 'Reserved', 'Consumed', 'Released']),
  entries: z.array(traceEntrySchema),
});
export type MailboxTrace = z.infer<typeof mailboxTraceSchema>;

export const traceParamsSchema = inputObject({ mailboxId: idField });
export const lotParamsSchema = inputObject({ licenseId: idField });

/** A keyset cursor: the last row's instant (microseconds since 1970) and movement id. */
export const CURSOR_PATTERN = /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const lotConsumptionQuerySchema = inputObject({
  pageSize: pageSizeField(100, 25),
  after: text().regex(CURSOR_PATTERN, { message: 'Invalid cursor' }).optional(),
});

/** One consumption of a lot: a mailbox (with its job and machine) or a machine's node-locked unit. */
export const lotConsumptionRowSchema = z.object({
  movementId: z.string(),
  at: z.string(),
  quantity: z.number().int(),
  targetType: z.enum(['Mailbox', 'Machine']),
  mailboxId: z.string().nullable(),
  mailboxName: z.string().nullable(),
  jobId: z.string().nullable(),
  jobName: z.string().nullable(),
  machineName: z.string().nullable(),
  poolName: z.string().nullable(),
  actorName: z.string(),
  actorEmail: z.string(),
  apiKeyName: z.string().nullable(),
});
export type LotConsumptionRow = z.infer<typeof lotConsumptionRowSchema>;

/** The lot the tab is on, with the units consumed in the caller's reach. */
export const lotSummarySchema = z.object({
  id: z.string(),
  productCode: z.string(),
  productName: z.string(),
  edition: z.string(),
  orderId: z.string().nullable(),
  customerName: z.string(),
  totalCount: z.number().int(),
  consumed: z.number().int(),
});
export type LotSummary = z.infer<typeof lotSummarySchema>;

export const lotConsumptionSchema = z.object({
  lot: lotSummarySchema,
  rows: z.array(lotConsumptionRowSchema),
  /** The cursor of the next page (`after`), or null on the last one. */
  next: z.string().nullable(),
});
export type LotConsumption = z.infer<typeof lotConsumptionSchema>;

/** The trace's endpoints; part of ENDPOINTS (endpoints.ts). */
export const TRACE_ENDPOINTS = {
  mailboxTrace: { ...ROUTES.mailboxTrace, params: traceParamsSchema, response: envelope(mailboxTraceSchema) },
  lotConsumption: {
    ...ROUTES.lotConsumption,
    params: lotParamsSchema,
    query: lotConsumptionQuerySchema,
    response: envelope(lotConsumptionSchema),
  },
  /** Answers the CSV itself (text/csv, streamed), not JSON: every row, no paging. */
  exportLotConsumption: { ...ROUTES.exportLotConsumption, params: lotParamsSchema },
} as const satisfies Record<string, Endpoint>;
