import type { MyAllocationGroup } from '@portal/contracts/licenses';
import type { ColumnDef } from '@tanstack/react-table';
import { countColumns, inLanguageShown, productColumns } from './stock-columns';

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

/** `/license-allocation`: the caller's own stock by group, and what it handed on (Allocated). */
export function myAllocationsColumns(): ColumnDef<MyAllocationGroup>[] {
  return inLanguageShown(COLUMNS);
}
