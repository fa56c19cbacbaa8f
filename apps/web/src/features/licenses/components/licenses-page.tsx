import { t } from '@lingui/core/macro';
import { LICENSE_STATUSES } from '@portal/contracts/licenses';
import { ROUTES } from '@portal/contracts/routes';
import { useMemo, useState } from 'react';
import { ListFilter, useUrlChoice } from '@/components/data-table/list-filter';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useLicenses } from '../api/get-licenses';
import { CreateLicenseDialog } from './create-license-dialog';
import { licensesColumns } from './licenses-columns';
import { statusLabel } from './stock-words';

/** docs/product.md: the Licenses list shows 10 to 50 rows a page (default 10), paged on the server. */
export const LICENSES_PAGE_SIZES = [10, 20, 30, 40, 50] as const;

const statusOptions = () => LICENSE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

type LicensesPageProps = {
  /** Admin or SuperAdmin (`licenses:create`): the page offers the Create License dialog. */
  canCreate: boolean;
  /** An Admin issues from its own stock: the dialog says so and shows what it has. */
  issuesFromOwnStock: boolean;
};

/** `/licenses` (docs/product.md): the issued lots the caller may see, newest first. */
export function LicensesPage({ canCreate, issuesFromOwnStock }: LicensesPageProps) {
  const urlState = useTableUrlState({ pageSizes: LICENSES_PAGE_SIZES, defaultPageSize: 10 });
  const { pageIndex, pageSize } = urlState.pagination;
  const [status, setStatus] = useUrlChoice('status', LICENSE_STATUSES);
  const [creating, setCreating] = useState(false);
  const licenses = useLicenses({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter, status });
  const columns = useMemo(() => licensesColumns(), []);
  const table = useServerTable({
    data: licenses.data?.rows,
    columns,
    totalCount: licenses.data?.totalCount,
    urlState,
    getRowId: (row) => row.id,
  });

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`Licenses`}
        description={t`The license lots issued to your customers, newest first.`}
        actions={
          <>
            <ExportCsvButton
              route={ROUTES.exportLicenses}
              query={{ search: urlState.filter || undefined, status }}
              fallbackName="licenses.csv"
            />
            {canCreate && <Button onClick={() => setCreating(true)}>{t`+ Create License`}</Button>}
          </>
        }
      />
      <div className="grid gap-4">
        <ListTable
          table={table}
          label={t`Licenses`}
          views
          pageSizes={LICENSES_PAGE_SIZES}
          query={licenses}
          filter={{
            value: urlState.filter,
            onChange: urlState.onFilterChange,
            placeholder: t`Filter licenses...`,
          }}
        >
          <ListFilter
            label={t`Status`}
            allLabel={t`All statuses`}
            value={status}
            onChange={setStatus}
            options={statusOptions()}
          />
        </ListTable>
      </div>
      {canCreate && (
        <CreateLicenseDialog open={creating} onOpenChange={setCreating} issuesFromOwnStock={issuesFromOwnStock} />
      )}
    </div>
  );
}
