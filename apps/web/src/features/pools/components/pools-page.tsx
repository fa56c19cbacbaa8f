import { t } from '@lingui/core/macro';
import { ROUTES } from '@portal/contracts/routes';
import { PlusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { BulkBar } from '@/components/bulk/bulk-bar';
import { type BulkSelection, useBulkSelection } from '@/components/bulk/use-bulk-selection';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { usePools } from '../api/get-pools';
import { poolsColumns, selectablePoolsColumns } from './pools-columns';
import { PoolsDialogs } from './pools-dialogs';
import { type PoolLicenseActions, PoolsProvider, usePoolsScreen } from './pools-provider';

/** docs/product.md: license pools page by 50, 100, 150, 200 or 250 (default 50). */
const PAGE_SIZES = [50, 100, 150, 200, 250] as const;

/** `/license-pools` (docs/product.md, "License Pools screen"). */
export function PoolsPage({
  canWrite,
  licenseActions,
  bulkLicenseActions,
}: {
  canWrite: boolean;
  /** Allocate and Revoke Licenses in the row menu: writers only. */
  licenseActions?: PoolLicenseActions;
  /** Allocate and Revoke Licenses for the selected pools (decision 049): writers only. */
  bulkLicenseActions?: (mode: 'allocate' | 'revoke', selection: BulkSelection) => void;
}) {
  return (
    <PoolsProvider canWrite={canWrite} licenseActions={canWrite ? licenseActions : undefined}>
      <PoolsScreen bulkLicenseActions={canWrite ? bulkLicenseActions : undefined} />
    </PoolsProvider>
  );
}

function PoolsScreen({
  bulkLicenseActions,
}: {
  bulkLicenseActions?: (mode: 'allocate' | 'revoke', selection: BulkSelection) => void;
}) {
  const { canWrite, openCreate } = usePoolsScreen();
  const urlState = useTableUrlState({ pageSizes: PAGE_SIZES, defaultPageSize: 50 });
  const { pageIndex, pageSize } = urlState.pagination;
  const pools = usePools({ pageNumber: pageIndex + 1, pageSize });
  const selection = useBulkSelection('', pools.data?.totalCount);
  const selectable = Boolean(bulkLicenseActions);
  const columns = useMemo(() => (selectable ? selectablePoolsColumns() : poolsColumns()), [selectable]);
  const table = useServerTable({
    data: pools.data?.rows,
    columns,
    totalCount: pools.data?.totalCount,
    urlState,
    getRowId: (row) => row.id,
    selection: bulkLicenseActions ? { state: selection.rowSelection, onChange: selection.setRowSelection } : undefined,
  });
  const picked = selection.selection;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`Shared License Pools`}
        description={t`Pools let several users draw on the same licenses.`}
        actions={
          <>
            <ExportCsvButton route={ROUTES.exportPools} query={{ poolType: 'Pool' }} fallbackName="pools.csv" />
            {canWrite && (
              <Button onClick={openCreate}>
                <PlusIcon aria-hidden />
                {t`Create Pool`}
              </Button>
            )}
          </>
        }
      />
      <div className="grid gap-4">
        {bulkLicenseActions && picked && (
          <BulkBar
            selection={selection}
            pageRows={pools.data?.rows.length ?? 0}
            pageAllTicked={table.getIsAllPageRowsSelected()}
            totalCount={pools.data?.totalCount}
            noun={t`pools`}
          >
            <Button size="sm" onClick={() => bulkLicenseActions('allocate', picked)}>
              {t`Allocate Licenses`}
            </Button>
            <Button size="sm" variant="outline" onClick={() => bulkLicenseActions('revoke', picked)}>
              {t`Revoke Licenses`}
            </Button>
          </BulkBar>
        )}
        <ListTable table={table} label={t`Shared License Pools`} pageSizes={PAGE_SIZES} query={pools} views />
      </div>
      <PoolsDialogs />
    </div>
  );
}
