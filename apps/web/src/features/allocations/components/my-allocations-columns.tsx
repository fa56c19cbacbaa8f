import { t } from '@lingui/core/macro';
import type { MyAllocationGroup } from '@portal/contracts/licenses';
import type { ColumnDef } from '@tanstack/react-table';
import { countColumns, productColumns } from './stock-columns';

const COLUMNS: ColumnDef<MyAllocationGroup>[] = [
  ...productColumns<MyAllocationGroup>((row) => row.name),
  ...countColumns<MyAllocationGroup>([
    ['Total', (row) => row.totalCount],
    ['Available', (row) => row.availableCount],
    ['Consumed', (row) => row.consumedCount],
    ['In Transit', (row) => row.inTransitCount],
    ['Allocated', (row) => row.allocatedCount],
  ]),
];

/** The headers in the language shown, by column id: the ids (saved views, sorting) stay English. */
const headers = (): Record<string, string> => ({
  product: t`Product`,
  edition: t`Edition`,
  duration: t`Duration`,
  usage: t`Usage`,
  total: t`Total`,
  available: t`Available`,
  consumed: t`Consumed`,
  'in-transit': t`In Transit`,
  allocated: t`Allocated`,
});

/** `/license-allocation`: the caller's own stock by group, and what it handed on (Allocated). */
export function myAllocationsColumns(): ColumnDef<MyAllocationGroup>[] {
  const named = headers();
  return COLUMNS.map((column): ColumnDef<MyAllocationGroup> => {
    const header = column.id ? named[column.id] : undefined;
    return header ? { ...column, header } : column;
  });
}
