import type { ReportViewType } from '@portal/contracts/reports';
import type { ColumnDef } from '@tanstack/react-table';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { type TableUrlState, useTableUrlState } from '@/components/data-table/use-table-url-state';
import { REPORT_PAGE_SIZES } from '@portal/contracts/reports';

/** A report view's page and page size, kept in the URL; the view's sizes (REPORT_PAGE_SIZES), the first the default. */
export function useReportPaging(view: ReportViewType) {
  const sizes = REPORT_PAGE_SIZES[view];
  const urlState = useTableUrlState({ pageSizes: sizes, defaultPageSize: sizes[0] });
  const { pageIndex, pageSize } = urlState.pagination;
  return { urlState, pageNumber: pageIndex + 1, pageSize, sizes };
}

type ReportTableProps<TRow> = {
  label: string;
  columns: ColumnDef<TRow>[];
  /** The report's query: its page of rows and total, and its loading and error states. */
  report: {
    data?: { items: readonly TRow[]; totalCount: number } | undefined;
    isPending: boolean;
    isPlaceholderData: boolean;
    error: unknown;
  };
  urlState: TableUrlState;
  pageSizes: readonly number[];
  getRowId: (row: TRow) => string;
};

/** One report's rows, paged on the server, with the shared loading, error and empty states. */
export function ReportTable<TRow>({ label, columns, report, urlState, pageSizes, getRowId }: ReportTableProps<TRow>) {
  const table = useServerTable({
    data: report.data?.items,
    columns,
    totalCount: report.data?.totalCount,
    urlState,
    getRowId,
  });
  return (
    <div className="grid gap-4">
      <ListTable table={table} label={label} pageSizes={pageSizes} query={report} views />
    </div>
  );
}
