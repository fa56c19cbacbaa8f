import { z } from 'zod';
import { inputObject } from './fields';

/** Paging metadata of every paged list; pageNumber starts at 1. */
export const pageInfoSchema = z.object({
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalCount: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The failure envelope: every non-2xx answer of the API has this shape. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** A stable code for refusals a client acts on (MACHINE_BLOCKED); absent on the others. */
  code: z.string().optional(),
  /** The request's id (also the X-Request-Id header), as the server's log lines carry it. */
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The success envelope around `data`. */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
  });
}

/** The success envelope of a paged list. */
export function pagedEnvelope<T extends z.core.$ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.array(item),
    pageInfo: pageInfoSchema,
  });
}

export type Envelope<T> = { success: true; message?: string; data: T };
export type PagedEnvelope<T> = Envelope<T[]> & { pageInfo: PageInfo };

/** Paging query accepted by every paged list; the server caps pageSize. */
export const MAX_PAGE_SIZE = 2500;
/** Far past any real list, and small enough that the offset it makes stays a valid integer. */
export const MAX_PAGE_NUMBER = 1_000_000;
export const pageQuerySchema = inputObject({
  pageNumber: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});

/** A list's `pageNumber` query field: 1 when absent. */
export const pageNumberField = z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1);
/** A list's `pageSize` query field: between 1 and `max` (the screens offer their steps within it). */
export const pageSizeField = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
