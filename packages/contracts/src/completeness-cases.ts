import type { CompletenessInput } from './completeness';

/** The verdict and grade table (decision 044), shared by the formula's test and the database's. */
export const COMPLETENESS_BASE: CompletenessInput = {
  status: 'Completed',
  totalItems: 1000,
  failedItems: 0,
  skippedItems: 0,
  missingItems: 0,
  acceptedSkippedItems: 0,
  sourceItems: 0,
};

/** [what, the mailbox, its verdict, its grade, its score] (decision 044). */
export const COMPLETENESS_CASES: [string, Partial<CompletenessInput>, string, string, number][] = [
  ['nothing lost', {}, 'Complete', 'Perfect', 100],
  ['ended with errors but nothing lost', { status: 'CompletedWithErrors' }, 'Complete', 'Perfect', 100],
  ['still in progress', { status: 'InProgress' }, 'Incomplete', 'Perfect', 100],
  ['failed', { status: 'Failed' }, 'Incomplete', 'Perfect', 100],
  ['cancelled', { status: 'Cancelled' }, 'Incomplete', 'Perfect', 100],
  ['10 skipped, not accepted', { skippedItems: 10 }, 'Incomplete', 'Good', 99],
  ['10 skipped, accepted', { skippedItems: 10, acceptedSkippedItems: 10 }, 'CompleteWithAcceptedSkips', 'Good', 99],
  [
    'more skipped since the acceptance',
    { skippedItems: 12, acceptedSkippedItems: 10 },
    'Incomplete',
    'Investigate',
    98.8,
  ],
  [
    'accepted, but the mailbox failed',
    { status: 'Failed', skippedItems: 5, acceptedSkippedItems: 5 },
    'Incomplete',
    'Good',
    99.5,
  ],
  ['one failed item', { failedItems: 1 }, 'Incomplete', 'Investigate', 99.9],
  ['one missing item', { missingItems: 1 }, 'Incomplete', 'Investigate', 99.9],
  ['50 skipped (5%)', { skippedItems: 50, acceptedSkippedItems: 50 }, 'CompleteWithAcceptedSkips', 'Investigate', 95],
  ['51 skipped', { skippedItems: 51, acceptedSkippedItems: 51 }, 'CompleteWithAcceptedSkips', 'Poor', 94.9],
  ['source larger than total', { totalItems: 100, sourceItems: 2000, skippedItems: 20 }, 'Incomplete', 'Good', 99],
  ['no items at all', { totalItems: 0 }, 'Complete', 'Perfect', 100],
];
