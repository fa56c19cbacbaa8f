import { t } from '@lingui/core/macro';
import type { AvailableSummaryItem, GroupedLicense } from '@portal/contracts/licenses';
import { durationLabel, usageLabel } from '@/lib/license-format';

/** One product group the picker offers, with how many units it can move. */
export type StockOption = {
  groupKey: string;
  productCode: string;
  name: string;
  edition: string;
  durationType: GroupedLicense['durationType'];
  usageType: GroupedLicense['usageType'];
  duration: number | null;
  available: number;
  /** What `available` counts, when not the units available (a bulk revoke's "handed on"). */
  availableLabel?: string;
};

/** Allocate offers what the caller can hand on (docs/product.md: only groups with units available). */
export function optionsFromAvailable(items: readonly AvailableSummaryItem[]): StockOption[] {
  return items
    .filter((item) => item.availableCount > 0)
    .map((item) => ({
      groupKey: item.groupKey,
      productCode: item.productCode,
      name: item.name,
      edition: item.edition,
      durationType: item.durationType,
      usageType: item.usageType,
      duration: item.duration,
      available: item.availableCount,
    }));
}

/** Revoke offers what the target holds and has not used: its available units. */
export function optionsFromHoldings(groups: readonly GroupedLicense[]): StockOption[] {
  return groups
    .filter((group) => group.availableCount > 0)
    .map((group) => ({
      groupKey: group.groupKey,
      productCode: group.productCode,
      name: group.productName,
      edition: group.edition,
      durationType: group.durationType,
      usageType: group.usageType,
      duration: group.duration,
      available: group.availableCount,
    }));
}

/** One line about a group in the picker and the rows: a table's dash for Perpetual reads poorly in a sentence. */
export function describeOption(option: StockOption): string {
  const duration = option.durationType === 'Perpetual' ? t`Perpetual` : durationLabel(option);
  const available = option.availableLabel ?? t`available`;
  return `${option.edition} · ${duration} · ${usageLabel(option.usageType)} · ${option.available} ${available}`;
}
