import { missingItemsOf, type SkippedItems } from '@portal/contracts/completeness';
import type { StoredSkip } from '../../db/completeness-columns';

/**
 * What a folder's progress adds since decision 044, all optional: an agent that sends none has its
 * folder stored as before (no source or destination counts, nothing skipped, nothing missing).
 */
export interface FolderCompleteness {
  sourceItems?: number | undefined;
  sourceBytes?: number | undefined;
  destinationItems?: number | undefined;
  destinationBytes?: number | undefined;
  skipped?: SkippedItems[] | undefined;
}

/** The completeness columns of a reported folder row (absolute, as its counters: a report replaces them). */
export function folderCompletenessRow(folder: FolderCompleteness & { failedItems: number; filteredItems: number }): {
  skippedItems: number;
  missingItems: number;
  sourceItems: number | null;
  sourceBytes: number | null;
  destinationItems: number | null;
  destinationBytes: number | null;
  skips: StoredSkip[] | null;
} {
  const skips = folder.skipped?.map(({ category, count, samples }) => ({ category, count, samples })) ?? null;
  const skippedItems = skips?.reduce((sum, skip) => sum + skip.count, 0) ?? 0;
  return {
    skippedItems,
    missingItems: missingItemsOf({ ...folder, skippedItems }),
    sourceItems: folder.sourceItems ?? null,
    sourceBytes: folder.sourceBytes ?? null,
    destinationItems: folder.destinationItems ?? null,
    destinationBytes: folder.destinationBytes ?? null,
    skips,
  };
}

/** The mailbox sums those columns move (besides skipped_items, one of the item counters). */
export const MAILBOX_SUMS = ['missingItems', 'sourceItems', 'destinationItems'] as const;
export type MailboxSums = Record<(typeof MAILBOX_SUMS)[number], number>;

/** A folder row's share of the mailbox sums (a missing count is 0). */
export function sumsOf(row: { missingItems: number; sourceItems: number | null; destinationItems: number | null }) {
  return {
    missingItems: row.missingItems,
    sourceItems: row.sourceItems ?? 0,
    destinationItems: row.destinationItems ?? 0,
  };
}
