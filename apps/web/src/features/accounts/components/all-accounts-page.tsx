import { t } from '@lingui/core/macro';
import { ACCOUNT_SORT_KEYS, type AccountSortKey } from '@portal/contracts/accounts';
import { ROUTES } from '@portal/contracts/routes';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { useMemo } from 'react';
import { useAccounts } from '../api/get-accounts';
import { allAccountsColumns } from './all-accounts-columns';

/** docs/product.md: the accounts list shows 10 to 50 rows a page (default 10), paged on the server. */
const PAGE_SIZES = [10, 20, 30, 40, 50] as const;

const isSortKey = (id: string): id is AccountSortKey => (ACCOUNT_SORT_KEYS as readonly string[]).includes(id);

/** `/users` (SuperAdmin): every account of the portal, paged, filtered and sorted by the server. */
export function AllAccountsPage() {
  const urlState = useTableUrlState({ pageSizes: PAGE_SIZES, defaultPageSize: 10 });
  const { pageIndex, pageSize } = urlState.pagination;
  const sorted = urlState.sorting[0];
  const sort = sorted && isSortKey(sorted.id) ? { by: sorted.id, desc: sorted.desc } : null;
  const accounts = useAccounts({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter, sort });

  const columns = useMemo(() => allAccountsColumns(), []);
  const table = useServerTable({
    data: accounts.data?.rows,
    columns,
    totalCount: accounts.data?.totalCount,
    urlState,
    getRowId: (row) => row.id,
    // In the URL (`sort=-name`), so that a saved view keeps it; a new order starts at the first page.
    sorting: { state: urlState.sorting, onChange: urlState.onSortingChange },
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`All Accounts`}
        description={t`Every account of the portal, with its roles and status.`}
        actions={
          <ExportCsvButton
            route={ROUTES.exportAllAccounts}
            query={{
              search: urlState.filter || undefined,
              sortBy: sort?.by,
              sortOrder: sort ? (sort.desc ? 'desc' : 'asc') : undefined,
            }}
            fallbackName="accounts.csv"
          />
        }
      />
      <div className="grid gap-4">
        <ListTable
          table={table}
          label={t`All Accounts`}
          views
          pageSizes={PAGE_SIZES}
          query={accounts}
          filter={{ value: urlState.filter, onChange: urlState.onFilterChange, placeholder: t`Filter accounts...` }}
        />
      </div>
    </div>
  );
}
