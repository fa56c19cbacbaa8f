/**
 * Counters that modules bump and /api/metrics reports (plugins/metrics.ts): plain numbers, so a
 * module needs no metrics library.
 *
 * Stock movements written by this process, by action, for /api/metrics (plugins/metrics.ts). Counted
 * when the movement is written inside its transaction: one that then fails at commit is counted
 * too, which the deferred checks make rare.
 */
export const stockMovementCounts = new Map<string, number>();

export function countMovement(action: string): void {
  stockMovementCounts.set(action, (stockMovementCounts.get(action) ?? 0) + 1);
}
