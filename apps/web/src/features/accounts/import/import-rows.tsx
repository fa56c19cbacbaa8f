import type { AccountImport, ImportRow, ImportRowsQuery } from '@portal/contracts/account-imports';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { ListFilter } from '@/components/data-table/list-filter';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useLocalTableState } from '@/components/data-table/use-local-table-state';
import { Badge } from '@/components/ui/badge';
import { useImportRows } from './import-api';

type Show = Exclude<NonNullable<ImportRowsQuery['show']>, 'All'>;
export const IMPORT_ROW_PAGE_SIZES = [25, 50, 100] as const;

const RESULT_VARIANTS = {
  Create: 'secondary',
  Skip: 'muted',
  Error: 'destructive',
  Queued: 'muted',
  Created: 'success',
  Skipped: 'muted',
  Failed: 'destructive',
} as const;
const RESULT_LABELS: Record<keyof typeof RESULT_VARIANTS, string> = {
  Create: 'Will be created',
  Skip: 'Will be skipped',
  Error: 'Error',
  Queued: 'Waiting',
  Created: 'Created',
  Skipped: 'Skipped',
  Failed: 'Failed',
};

/** A row's plan before the import is applied, its result after. */
const resultOf = (row: ImportRow) => (row.status === 'Planned' ? row.plan : row.status);

const dash = (text: string) => text || <span className="text-muted-foreground">—</span>;

const COLUMNS: ColumnDef<ImportRow>[] = [
  { accessorKey: 'line', header: 'Line', meta: { className: 'tabular-nums w-12' } },
  {
    id: 'who',
    header: 'User',
    cell: ({ row }) => (
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium [overflow-wrap:anywhere]">{dash(row.original.name)}</span>
        <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{dash(row.original.email)}</span>
      </div>
    ),
  },
  { accessorKey: 'role', header: 'Role', meta: { secondary: true }, cell: ({ row }) => dash(row.original.role) },
  {
    accessorKey: 'pool',
    header: 'Pool',
    meta: { secondary: true },
    cell: ({ row }) => row.original.pool || 'Individual',
  },
  {
    accessorKey: 'products',
    header: 'Products',
    meta: { secondary: true },
    cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{dash(row.original.products)}</span>,
  },
  {
    id: 'result',
    header: 'Result',
    meta: { secondary: true },
    cell: ({ row }) => {
      const result = resultOf(row.original);
      return (
        <div className="grid gap-1">
          <Badge variant={RESULT_VARIANTS[result]}>{RESULT_LABELS[result]}</Badge>
          {row.original.message && (
            <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{row.original.message}</span>
          )}
        </div>
      );
    },
  },
];

const PLANNED: Show[] = ['Create', 'Skip', 'Error'];
const SETTLED: Show[] = ['Created', 'Skipped', 'Failed'];

/** The import's rows in file order, 25 a page unless told, narrowed to one plan or one result. */
export function ImportRows({ data }: { data: AccountImport }) {
  const [show, setShow] = useState<Show | undefined>(data.counts.error > 0 ? 'Error' : undefined);
  const paging = useLocalTableState(25);
  const { pagination } = paging.state;
  const choices = data.status === 'Planned' ? PLANNED : SETTLED;
  const shown = show && choices.includes(show) ? show : undefined;
  const rows = useImportRows(
    data.id,
    { pageNumber: pagination.pageIndex + 1, pageSize: pagination.pageSize, show: shown ?? 'All' },
    data.status === 'Applying',
  );
  const table = useServerTable({
    data: rows.data?.rows,
    columns: COLUMNS,
    totalCount: rows.data?.totalCount,
    urlState: paging.state,
    getRowId: (row) => String(row.line),
  });
  return (
    <section aria-labelledby="import-rows-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-rows-title" className="text-lg font-semibold">
          Rows
        </h2>
        <ListFilter
          label="Show rows"
          allLabel="All rows"
          value={shown}
          onChange={(next) => {
            setShow(next);
            paging.toFirstPage();
          }}
          options={choices.map((value) => ({ value, label: RESULT_LABELS[value] }))}
        />
      </div>
      <ListTable
        table={table}
        label="Rows of the import"
        pageSizes={IMPORT_ROW_PAGE_SIZES}
        query={rows}
        emptyText="No rows."
      />
    </section>
  );
}
