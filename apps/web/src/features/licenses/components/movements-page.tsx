import { t } from '@lingui/core/macro';
import { ROUTES } from '@portal/contracts/routes';
import { useMemo } from 'react';
import { MOVEMENT_ACTIONS } from '@portal/contracts/licenses';
import { ListFilter, useUrlChoice } from '@/components/data-table/list-filter';
import { ListPage } from '@/components/data-table/list-page';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { useMovements } from '../api/get-movements';
import { movementsColumns } from './movements-columns';
import { actionLabel } from './stock-words';

/** docs/product.md: license movements show 100 to 500 rows a page (default 100). */
export const MOVEMENTS_PAGE_SIZES = [100, 200, 300, 400, 500] as const;

const actionOptions = () => MOVEMENT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }));

/** `/license-movement` (every role): each change of stock the caller may see, newest first. */
export function MovementsPage() {
  const urlState = useTableUrlState({ pageSizes: MOVEMENTS_PAGE_SIZES, defaultPageSize: 100 });
  const { pageIndex, pageSize } = urlState.pagination;
  const [action, setAction] = useUrlChoice('action', MOVEMENT_ACTIONS);
  const movements = useMovements({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter, action });
  const columns = useMemo(() => movementsColumns(), []);
  const table = useServerTable({
    data: movements.data?.rows,
    columns,
    totalCount: movements.data?.totalCount,
    urlState,
    getRowId: (row) => row.id,
  });

  return (
    <ListPage
      title={t`License Movement`}
      description={t`Every issue, allocation, revocation and use of licenses, newest first.`}
      actions={
        <ExportCsvButton
          route={ROUTES.exportMovements}
          query={{ search: urlState.filter || undefined, action }}
          fallbackName="movements.csv"
        />
      }
      table={table}
      pageSizes={MOVEMENTS_PAGE_SIZES}
      query={movements}
      filter={{
        value: urlState.filter,
        onChange: urlState.onFilterChange,
        placeholder: t`Filter movements...`,
      }}
    >
      <ListFilter
        label={t`Action`}
        allLabel={t`All actions`}
        value={action}
        onChange={setAction}
        options={actionOptions()}
      />
    </ListPage>
  );
}
