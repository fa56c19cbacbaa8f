import { t } from '@lingui/core/macro';
import { getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { selectColumn } from '@/components/data-table/select-column';
import { memberColumns, type MemberRow } from './member-columns';

type MemberSelectTableProps = {
  title: string;
  /** Names what selecting does, e.g. 'remove' in 'Select all users to remove'. */
  verb: 'add' | 'remove';
  rows: MemberRow[];
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  isLoading: boolean;
  error: unknown;
  emptyText: string;
};

const columnsFor = (verb: 'add' | 'remove') => [
  selectColumn<MemberRow>(
    verb === 'add'
      ? { label: t`Select all users to add`, rowLabel: (row) => t`Select ${row.name} (${row.email}) to add` }
      : { label: t`Select all users to remove`, rowLabel: (row) => t`Select ${row.name} (${row.email}) to remove` },
  ),
  ...memberColumns(),
];

/** One side of the pool manager: accounts with select-all and per-row checkboxes, and a count. */
export function MemberSelectTable(props: MemberSelectTableProps) {
  const { title, verb, rows, selection, onSelectionChange, isLoading, error, emptyText } = props;
  const headingId = useId();
  const columns = useMemo(() => columnsFor(verb), [verb]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's instance is stable by design.
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    state: { rowSelection: selection },
    enableRowSelection: true,
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    getCoreRowModel: getCoreRowModel(),
  });
  const selected = table.getSelectedRowModel().rows.length;

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
          {t`${selected} of ${rows.length} selected`}
        </p>
      </div>
      <div className="max-h-[28rem] overflow-y-auto rounded-md">
        <DataTable table={table} label={title} isLoading={isLoading} error={error} emptyText={emptyText} />
      </div>
    </section>
  );
}
