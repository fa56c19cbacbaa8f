import { SKIP_CATEGORIES, type SkipCategory } from '@portal/contracts/completeness';
import type { FinalStatus } from '@portal/contracts/reports';
import type { FolderProgress } from './agent.mailboxes';

/*
 * What the simulated tool reports of completeness (decision 044): every folder at its end carries
 * its source and destination counts and sizes; every third mailbox that ends well skips a few items
 * of its first folder, the categories in turn, so that any run of 15 such mailboxes shows all five.
 * Counted without the run's random draws, so the rest of a seeded run is unchanged.
 */

const SAMPLES: Record<SkipCategory, string[]> = {
  TooLarge: ['Quarterly review recording.mp4', 'Site photos (all).zip'],
  Corrupt: ['item-000417', 'RE: RE: budget (unreadable)'],
  PolicyFiltered: ['Encrypted: legal hold notice', 'Blocked attachment: setup.exe'],
  UnsupportedType: ['Voicemail from +1 555 0100', 'Sticky note 14'],
  Other: ['Meeting invite with no organiser'],
};
const ITEM_BYTES = 48_000;

/** The mailboxes the run has ended well so far and its skips by category: the run's counters. */
export interface SkipCounters {
  endedWell: number;
  skipped: Record<SkipCategory, number>;
}

export const noSkips = (): SkipCounters['skipped'] => ({
  TooLarge: 0,
  Corrupt: 0,
  PolicyFiltered: 0,
  UnsupportedType: 0,
  Other: 0,
});

/** A mailbox's final folders with completeness fields, and skips on every third that ends well. */
export function withCompleteness(
  folders: FolderProgress[],
  outcome: FinalStatus,
  counters: SkipCounters,
): FolderProgress[] {
  const endsWell = outcome === 'Completed' || outcome === 'CompletedWithErrors';
  const skips = endsWell && counters.endedWell++ % 3 === 1;
  return folders.map((folder, index) => {
    const counted = {
      ...folder,
      sourceItems: folder.totalItems,
      sourceBytes: folder.totalItems * ITEM_BYTES,
      destinationItems: folder.migratedItems,
      destinationBytes: folder.migratedItems * ITEM_BYTES,
    };
    if (!skips || index > 0 || folder.migratedItems < 1) return counted;
    const total = Object.values(counters.skipped).reduce((sum, n) => sum + n, 0);
    const category = SKIP_CATEGORIES[total % SKIP_CATEGORIES.length] ?? 'Other';
    const count = Math.min(folder.migratedItems, Math.max(1, Math.floor(folder.totalItems * 0.02)));
    counters.skipped[category] += 1;
    return {
      ...counted,
      migratedItems: folder.migratedItems - count,
      destinationItems: folder.migratedItems - count,
      destinationBytes: (folder.migratedItems - count) * ITEM_BYTES,
      skipped: [{ category, count, samples: SAMPLES[category].slice(0, count) }],
    };
  });
}
