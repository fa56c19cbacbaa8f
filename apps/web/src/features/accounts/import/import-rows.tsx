import { t } from '@lingui/core/macro';
import type { AccountImport, ImportRow, ImportRowsQuery } from '@portal/contracts/account-imports';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
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
const resultLabels = (): Record<keyof typeof RESULT_VARIANTS, string> => ({
  Create: t`Will be created`,
  Skip: t`Will be skipped`,
  Error: t`Error`,
  Queued: t`Waiting`,
  Created: t`Created`,
  Skipped: t`Skipped`,
  Failed: t`Failed`,
});

/** A row's plan before the import is applied, its result after. */
const resultOf = (row: ImportRow) => (row.status === 'Planned' ? row.plan : row.status);

const dash = (text: string) => text || <span className="text-muted-foreground">—</span>;

/** Built at render: the headers and results are in the language shown. */
const importColumns = (): ColumnDef<ImportRow>[] => [
  { accessorKey: 'line', header: t`Line`, meta: { className: 'tabular-nums w-12' } },
  {
    id: 'who',
    header: t`User`,
    cell: ({ row }) => (
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium [overflow-wrap:anywhere]">{dash(row.original.name)}</span>
        <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{dash(row.original.email)}</span>
      </div>
    ),
  },
  { accessorKey: 'role', header: t`Role`, meta: { secondary: true }, cell: ({ row }) => dash(row.original.role) },
  {
    accessorKey: 'pool',
    header: t`Pool`,
    meta: { secondary: true },
    cell: ({ row }) => row.original.pool || t`Individual`,
  },
  {
    accessorKey: 'products',
    header: t`Products`,
    meta: { secondary: true },
    cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{dash(row.original.products)}</span>,
  },
  {
    id: 'result',
    header: t`Result`,
    meta: { secondary: true },
    cell: ({ row }) => {
      const result = resultOf(row.original);
      return (
        <div className="grid gap-1">
          <Badge variant={RESULT_VARIANTS[result]}>{resultLabels()[result]}</Badge>
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
  const columns = useMemo(() => importColumns(), []);
  const labels = resultLabels();
  const table = useServerTable({
    data: rows.data?.rows,
    columns,
    totalCount: rows.data?.totalCount,
    urlState: paging.state,
    getRowId: (row) => String(row.line),
  });
  return (
    <section aria-labelledby="import-rows-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-rows-title" className="text-lg font-semibold">
          {t`Rows`}
        </h2>
        <ListFilter
          label={t`Show rows`}
          allLabel={t`All rows`}
          value={shown}
          onChange={(next) => {
            setShow(next);
            paging.toFirstPage();
          }}
          options={choices.map((value) => ({ value, label: labels[value] }))}
        />
      </div>
      <ListTable
        table={table}
        label={t`Rows of the import`}
        pageSizes={IMPORT_ROW_PAGE_SIZES}
        query={rows}
        emptyText={t`No rows.`}
      />
    </section>
  );
}
