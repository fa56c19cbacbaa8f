import { describe, expect, it } from 'vitest';
import { COMPLETENESS_BASE as base, COMPLETENESS_CASES } from './completeness-cases';
import { consistencyGradeOf, consistencyScoreOf, missingItemsOf, verdictOf } from './completeness';

describe('the verdict and the consistency grade', () => {
  it.each(COMPLETENESS_CASES)('%s', (_, change, verdict, grade, score) => {
    const mailbox = { ...base, ...change };
    expect(verdictOf(mailbox)).toBe(verdict);
    expect(consistencyGradeOf(mailbox)).toBe(grade);
    expect(consistencyScoreOf(mailbox)).toBe(score);
  });
});

describe('missing items', () => {
  it.each([
    [{ sourceItems: 100, destinationItems: 90, skippedItems: 5, failedItems: 2, filteredItems: 3 }, 0],
    [{ sourceItems: 100, destinationItems: 90, skippedItems: 5, failedItems: 0, filteredItems: 0 }, 5],
    [{ sourceItems: 100, destinationItems: 120, skippedItems: 0, failedItems: 0, filteredItems: 0 }, 0],
    [{ destinationItems: 90, skippedItems: 0, failedItems: 0, filteredItems: 0 }, 0],
    [{ sourceItems: 90, skippedItems: 0, failedItems: 0, filteredItems: 0 }, 0],
  ])('%j → %i', (folder, missing) => {
    expect(missingItemsOf(folder)).toBe(missing);
  });
});
