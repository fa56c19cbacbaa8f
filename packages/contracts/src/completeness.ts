import { z } from 'zod';
import { inputObject, text } from './fields';

/*
 * Completeness of a migration (docs/decisions/044-completeness-and-consistency.md): what the agent
 * reports per folder beyond its four counters (source and destination counts and sizes, skipped
 * items by reason with a bounded sample), the verdict of a mailbox and a job, and the consistency
 * grade modelled on Microsoft's Data Consistency Score.
 */

/** Why the agent skipped an item. Any other category is refused (400). */
export const SKIP_CATEGORIES = ['TooLarge', 'Corrupt', 'PolicyFiltered', 'UnsupportedType', 'Other'] as const;
export type SkipCategory = (typeof SKIP_CATEGORIES)[number];

export const SKIP_CATEGORY_LABELS: Record<SkipCategory, string> = {
  TooLarge: 'Too large',
  Corrupt: 'Corrupt',
  PolicyFiltered: 'Policy filtered',
  UnsupportedType: 'Unsupported type',
  Other: 'Other',
};

/** The bounds the server enforces on a folder's report (decision 044). */
export const COMPLETENESS_LIMITS = {
  /** Items of one folder: as the four counters (an int column). */
  maxItems: 2_000_000_000,
  /** Bytes of one folder: 1 PiB, well inside a JavaScript number's exact range. */
  maxBytes: 2 ** 50,
  /** Sampled items per category of a folder. */
  maxSamples: 100,
  /** One sample: an item's subject or id, cut by the agent to this length. */
  maxSampleLength: 200,
} as const;

const count = (max: number) => z.number().int().min(0).max(max);

/** One reason's skipped items in a folder: how many, and up to 100 of their subjects or ids. */
export const skippedItemsSchema = inputObject({
  category: z.enum(SKIP_CATEGORIES, {
    error: () => `Unknown skip category: use one of ${SKIP_CATEGORIES.join(', ')}`,
  }),
  count: count(COMPLETENESS_LIMITS.maxItems),
  samples: z
    .array(text().max(COMPLETENESS_LIMITS.maxSampleLength))
    .max(COMPLETENESS_LIMITS.maxSamples, `At most ${COMPLETENESS_LIMITS.maxSamples} samples per category`)
    .default([]),
});
export type SkippedItems = z.output<typeof skippedItemsSchema>;

/** The optional fields of a folder's progress (an agent that sends none is reported as before). */
export const folderCompletenessFields = {
  sourceItems: count(COMPLETENESS_LIMITS.maxItems).optional(),
  sourceBytes: count(COMPLETENESS_LIMITS.maxBytes).optional(),
  destinationItems: count(COMPLETENESS_LIMITS.maxItems).optional(),
  destinationBytes: count(COMPLETENESS_LIMITS.maxBytes).optional(),
  skipped: z
    .array(skippedItemsSchema)
    .max(SKIP_CATEGORIES.length)
    .refine((rows) => new Set(rows.map((r) => r.category)).size === rows.length, 'Each skip category can be named once')
    .refine(
      (rows) => rows.reduce((sum, row) => sum + row.count, 0) <= COMPLETENESS_LIMITS.maxItems,
      `The skipped items of a folder must add up to at most ${COMPLETENESS_LIMITS.maxItems}`,
    )
    .optional(),
};

export const VERDICTS = ['Complete', 'CompleteWithAcceptedSkips', 'Incomplete'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = {
  Complete: 'Complete',
  CompleteWithAcceptedSkips: 'Complete with accepted skips',
  Incomplete: 'Incomplete',
};

export const CONSISTENCY_GRADES = ['Perfect', 'Good', 'Investigate', 'Poor'] as const;
export type ConsistencyGrade = (typeof CONSISTENCY_GRADES)[number];

/** What the verdict and the grade of a mailbox are computed from. */
export interface CompletenessInput {
  status: string;
  totalItems: number;
  failedItems: number;
  skippedItems: number;
  missingItems: number;
  acceptedSkippedItems: number;
  sourceItems: number;
}

const ENDED_WELL: ReadonlySet<string> = new Set(['Completed', 'CompletedWithErrors']);

/**
 * A mailbox's verdict (decision 044; the database computes the same as a generated column):
 * Incomplete unless it ended Completed or CompletedWithErrors with no failed and no missing item
 * and every skipped item accepted; then Complete with accepted skips when it skipped any, else Complete.
 */
export function verdictOf(m: CompletenessInput): Verdict {
  if (!ENDED_WELL.has(m.status) || m.failedItems > 0 || m.missingItems > 0 || m.skippedItems > m.acceptedSkippedItems)
    return 'Incomplete';
  return m.skippedItems > 0 ? 'CompleteWithAcceptedSkips' : 'Complete';
}

/** Items not in the destination for no reason the agent gave: source − destination − skipped − failed − filtered. */
export function missingItemsOf(folder: {
  sourceItems?: number | null | undefined;
  destinationItems?: number | null | undefined;
  skippedItems: number;
  failedItems: number;
  filteredItems: number;
}): number {
  if (folder.sourceItems === null || folder.sourceItems === undefined) return 0;
  if (folder.destinationItems === null || folder.destinationItems === undefined) return 0;
  const explained = folder.destinationItems + folder.skippedItems + folder.failedItems + folder.filteredItems;
  return Math.max(0, folder.sourceItems - explained);
}

/**
 * The consistency score (decision 044), after Microsoft's Data Consistency Score: the share of the
 * mailbox's items that arrived or were deliberately left out, 100 × (1 − (skipped + failed +
 * missing) / max(total, source)), in percent with two decimals; 100 with no items.
 */
export function consistencyScoreOf(m: CompletenessInput): number {
  const base = Math.max(m.totalItems, m.sourceItems);
  const lost = m.skippedItems + m.failedItems + m.missingItems;
  if (base <= 0) return lost > 0 ? 0 : 100;
  return Math.max(0, Math.round((1 - lost / base) * 10_000) / 100);
}

/**
 * The grade: Perfect with nothing skipped, failed or missing; Good when only skipped items (no
 * failed, no missing) and at most 1% of the items; Investigate up to 5% of the items; Poor above.
 */
export function consistencyGradeOf(m: CompletenessInput): ConsistencyGrade {
  const base = Math.max(m.totalItems, m.sourceItems);
  const lost = m.skippedItems + m.failedItems + m.missingItems;
  if (lost === 0) return 'Perfect';
  if (m.failedItems + m.missingItems === 0 && m.skippedItems * 100 <= base) return 'Good';
  if (lost * 20 <= base) return 'Investigate';
  return 'Poor';
}

/** The completeness fields of a mailbox row of the report API. */
export const mailboxCompletenessSchema = z.object({
  sourceItems: z.number().int(),
  destinationItems: z.number().int(),
  skippedItems: z.number().int(),
  missingItems: z.number().int(),
  acceptedSkippedItems: z.number().int(),
  verdict: z.enum(VERDICTS),
  consistencyScore: z.number(),
  consistencyGrade: z.enum(CONSISTENCY_GRADES),
});
export type MailboxCompleteness = z.infer<typeof mailboxCompletenessSchema>;

/** One reason's skipped items of a folder, as the Folders view reads them. */
export const folderSkipSchema = z.object({
  category: z.enum(SKIP_CATEGORIES),
  count: z.number().int(),
  samples: z.array(z.string()),
});

/** The completeness fields of a folder row (its verdict takes the mailbox's acceptance). */
export const folderCompletenessSchema = z.object({
  sourceItems: z.number().int().nullable(),
  sourceBytes: z.number().int().nullable(),
  destinationItems: z.number().int().nullable(),
  destinationBytes: z.number().int().nullable(),
  skippedItems: z.number().int(),
  missingItems: z.number().int(),
  skips: z.array(folderSkipSchema),
  verdict: z.enum(VERDICTS),
});

/** A job's verdict: Incomplete while it runs or while any mailbox is; counted by verdict. */
export const jobCompletenessSchema = z.object({
  verdict: z.enum(VERDICTS),
  /** The worst grade of its mailboxes (Perfect with none). */
  consistencyGrade: z.enum(CONSISTENCY_GRADES),
  mailboxesByVerdict: z.object({
    Complete: z.number().int(),
    CompleteWithAcceptedSkips: z.number().int(),
    Incomplete: z.number().int(),
  }),
});
export type JobCompleteness = z.infer<typeof jobCompletenessSchema>;

/** `POST /Report/mailbox/{mailboxId}/accept-skips`: what the acceptance left. */
export const acceptedSkipsSchema = z.object({
  mailboxId: z.string(),
  acceptedSkippedItems: z.number().int(),
  verdict: z.enum(VERDICTS),
  /** False when they had already been accepted (a repeated call changes nothing). */
  changed: z.boolean(),
});

export const COMPLETENESS_MSG = {
  nothingToAccept: 'This mailbox has no skipped items to accept.',
  stillRunning: 'This mailbox is still in progress: its skipped items can be accepted once it has ended.',
} as const;

/** The "only incomplete" filter of the Mailboxes and Folders views. */
export const onlyIncompleteField = z.boolean().default(false);
