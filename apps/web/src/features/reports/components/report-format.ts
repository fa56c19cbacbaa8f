import { MIGRATION_STATUS_LABELS } from '@portal/contracts/labels';
import type { MigrationStatus } from '@portal/contracts/reports';

/** Spec section 3: a status reads as words; InProgress is shown as 'In Progress' (contracts/labels.ts). */
export function statusLabel(status: MigrationStatus): string {
  return MIGRATION_STATUS_LABELS[status];
}

/** completionPercentage with two decimals (spec section 3), e.g. 87.50%. */
export function formatPercent(value: number): string {
  return `${(Number.isFinite(value) ? value : 0).toFixed(2)}%`;
}

const counter = new Intl.NumberFormat('en-US');

/** A count with thousands separators, so a million items reads at a glance. */
export function formatCount(value: number): string {
  return counter.format(value);
}

/** A UUID, as the server generates job and mailbox ids; anything else in a link is refused here. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReportId(value: string | null): value is string {
  return value !== null && UUID.test(value);
}
