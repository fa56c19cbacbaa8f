import { t } from '@lingui/core/macro';
import { ROUTES } from '@portal/contracts/routes';
import { useMemo, useState } from 'react';
import { ListFilter, useUrlChoice } from '@/components/data-table/list-filter';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { useProducts } from '../api/get-products';
import { useUsageReport } from '../api/get-usage-report';
import { CreateLicenseDialog } from './create-license-dialog';
import { usageReportColumns } from './usage-report-columns';

/** docs/product.md: the usage report shows 25 to 125 rows a page (default 25). */
export const USAGE_REPORT_PAGE_SIZES = [25, 50, 75, 100, 125] as const;

/**
 * `/license-usage-report` (SuperAdmin): units held by each account, by product. It is the
 * SuperAdmin's only page (docs/product.md), so the Create License dialog the SuperAdmin may open
 * opens from here (docs/decisions/017-superadmin-create-license.md).
 */
export function UsageReportPage({ canCreate = false }: { canCreate?: boolean }) {
  const [creating, setCreating] = useState(false);
  const urlState = useTableUrlState({ pageSizes: USAGE_REPORT_PAGE_SIZES, defaultPageSize: 25 });
  const { pageIndex, pageSize } = urlState.pagination;
  const products = useProducts();
  // Any code in the URL is passed on; the server answers an unknown one with no rows.
  const [productCode, setProductCode] = useUrlChoice<string>('product', undefined);
  const report = useUsageReport({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter, productCode });
  const columns = useMemo(() => usageReportColumns(), []);
  const table = useServerTable({
    data: report.data?.rows,
    columns,
    totalCount: report.data?.totalCount,
    urlState,
    getRowId: (row) => `${row.accountId}|${row.productCode}`,
  });
  const productOptions = (products.data ?? []).map((product) => ({
    value: product.code,
    label: `${product.name} (${product.code})`,
  }));
  if (productCode && !productOptions.some((option) => option.value === productCode)) {
    productOptions.push({ value: productCode, label: productCode });
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`License Usage Report`}
        description={t`The licenses each account holds, by product: total, consumed, available and in transit.`}
        actions={
          <>
            <ExportCsvButton
              route={ROUTES.exportUsageReport}
              query={{
                SearchTerm: urlState.filter.trim() || undefined,
                filters: productCode ? `productCode:${productCode}` : undefined,
              }}
              fallbackName="license-usage.csv"
            />
            {canCreate && <Button onClick={() => setCreating(true)}>{t`+ Create License`}</Button>}
          </>
        }
      />
      <div className="grid gap-4">
        <ListTable
          table={table}
          label={t`License Usage Report`}
          views
          pageSizes={USAGE_REPORT_PAGE_SIZES}
          query={report}
          filter={{
            value: urlState.filter,
            onChange: urlState.onFilterChange,
            placeholder: t`Search accounts or products...`,
          }}
        >
          <ListFilter
            label={t`Product`}
            allLabel={t`All products`}
            value={productCode}
            onChange={setProductCode}
            options={productOptions}
          />
        </ListTable>
      </div>
      {canCreate && <CreateLicenseDialog open={creating} onOpenChange={setCreating} issuesFromOwnStock={false} />}
    </div>
  );
}
