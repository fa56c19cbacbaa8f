import type { MyAllocationGroup } from '@portal/contracts/licenses';
import type { ColumnDef } from '@tanstack/react-table';
import { countColumns, productColumns } from './stock-columns';

/** `/license-allocation`: the caller's own stock by group, and what it handed on (Allocated). */
export const myAllocationsColumns: ColumnDef<MyAllocationGroup>[] = [
  ...productColumns<MyAllocationGroup>((row) => row.name),
  ...countColumns<MyAllocationGroup>([
    ['Total', (row) => row.totalCount],
    ['Available', (row) => row.availableCount],
    ['Consumed', (row) => row.consumedCount],
    ['In Transit', (row) => row.inTransitCount],
    ['Allocated', (row) => row.allocatedCount],
  ]),
];
