import { t } from '@lingui/core/macro';
import { ROUTES } from '@portal/contracts/routes';
import { useMemo } from 'react';
import { KeyRoundIcon } from 'lucide-react';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useMyAllocations } from '../api/get-my-allocations';
import { myAllocationsColumns } from './my-allocations-columns';
import { useAllocationDialogs } from './use-allocation-dialogs';

/** The spec gives this list no page sizes; those of the other short lists (10 to 50). */
export const MY_ALLOCATIONS_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

/**
 * `/license-allocation` (docs/product.md): the caller's own stock by product group, filtered and
 * paged on the server, and the Assign Licenses opener for Admin and SuperAdmin.
 */
export function AllocationsPage({ canAssign }: { canAssign: boolean }) {
  const urlState = useTableUrlState({ pageSizes: MY_ALLOCATIONS_PAGE_SIZES, defaultPageSize: 10 });
  const { pageIndex, pageSize } = urlState.pagination;
  const allocations = useMyAllocations({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter });
  const columns = useMemo(() => myAllocationsColumns(), []);
  const table = useServerTable({
    data: allocations.data?.rows,
    columns,
    totalCount: allocations.data?.totalCount,
    urlState,
    getRowId: (row) => row.groupKey,
  });
  const dialogs = useAllocationDialogs();

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`License Allocations`}
        description={t`Your licenses by product: what you hold, what is used and what you handed on.`}
        actions={
          <>
            <ExportCsvButton
              route={ROUTES.exportMySummary}
              query={{ search: urlState.filter.trim() || undefined }}
              fallbackName="license-allocations.csv"
            />
            {canAssign && (
              <Button onClick={dialogs.openAssign}>
                <KeyRoundIcon aria-hidden />
                {t`Assign Licenses`}
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-4">
        <ListTable
          table={table}
          label={t`License Allocations`}
          views
          pageSizes={MY_ALLOCATIONS_PAGE_SIZES}
          query={allocations}
          filter={{ value: urlState.filter, onChange: urlState.onFilterChange, placeholder: t`Filter allocations...` }}
          emptyText={t`No allocation found`}
        />
      </div>
      {canAssign && dialogs.dialogs}
    </div>
  );
}
