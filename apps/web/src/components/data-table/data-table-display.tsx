import { t } from '@lingui/core/macro';
import type { Column, Table } from '@tanstack/react-table';
import { Settings2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { setTableDensity, TABLE_DENSITIES, type TableDensity, useTableDensity } from '@/lib/table-density';

const densityLabel = (density: TableDensity): string => (density === 'comfortable' ? t`Comfortable` : t`Compact`);

/** A column's name for the Columns menu: its header when that is text, else its meta label. */
function columnLabel<TData>(column: Column<TData>): string | undefined {
  const header = column.columnDef.header;
  return typeof header === 'string' ? header : column.columnDef.meta?.label;
}

/**
 * The Display menu at the end of a list's toolbar (decision 050): the rows' density (this
 * browser's, for every table) and the list's columns (in its URL, so a saved view keeps them).
 * ListTable loads it after the list itself, as its own chunk.
 */
export function DataTableDisplay<TData>({ table }: { table: Table<TData> }) {
  const density = useTableDensity();
  const columns = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide() && columnLabel(column) !== undefined);
  const shown = columns.filter((column) => column.getIsVisible()).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-9">
          <Settings2Icon aria-hidden />
          {t`Display`}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>{t`Density`}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={density} onValueChange={(value) => setTableDensity(value as TableDensity)}>
          {TABLE_DENSITIES.map((choice) => (
            <DropdownMenuRadioItem key={choice} value={choice}>
              {densityLabel(choice)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {columns.length > 1 && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t`Columns`}</DropdownMenuLabel>
            {columns.map((column) => (
              <DropdownMenuCheckboxItem
                key={column.id}
                checked={column.getIsVisible()}
                // The last column shown stays: a table of no columns shows nothing.
                disabled={column.getIsVisible() && shown === 1}
                onCheckedChange={(checked) => column.toggleVisibility(checked)}
                onSelect={(event) => event.preventDefault()}
              >
                {columnLabel(column)}
              </DropdownMenuCheckboxItem>
            ))}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
