import { t } from '@lingui/core/macro';
import { ROUTES } from '@portal/contracts/routes';
import { useId, useMemo } from 'react';
import { ListTable } from '@/components/data-table/list-table';
import { useClientTable } from '@/components/data-table/use-client-table';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAllocationHierarchy } from '../api/get-allocation-hierarchy';
import { dashboardColumns } from './dashboard-columns';
import { type DashboardSection, dashboardSections } from './dashboard-sections';
import { LazyDashboardCharts } from './lazy-dashboard-charts';

const PAGE_SIZES = [10, 20, 30, 40, 50] as const;

/**
 * `/dashboard` (docs/product.md): where the caller's licenses are, from one request. `manages`: the
 * caller has users and shared pools to look after (Admin, Auditor); the subtitle speaks of them
 * only then.
 */
export function DashboardPage({ manages = false }: { manages?: boolean }) {
  const hierarchy = useAllocationHierarchy();
  const sections = useMemo(() => (hierarchy.data ? dashboardSections(hierarchy.data) : []), [hierarchy.data]);

  return (
    <div className="grid gap-8">
      <PageHeader
        title={t`Dashboard`}
        description={
          manages
            ? t`Your licenses, your shared pools and your users' licenses.`
            : t`Your licenses and those of the pool you draw on.`
        }
      />
      {hierarchy.isPending ? (
        <p className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner /> {t`Loading...`}
        </p>
      ) : hierarchy.isError ? (
        <p role="alert" className="rounded-md border p-6 text-center text-destructive">
          {hierarchy.error.message}
        </p>
      ) : sections.length === 0 ? (
        <div className="rounded-md border border-dashed p-10 text-center">
          <p className="font-medium">{t`No allocation found`}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {t`Licenses issued or allocated to you, your shared pools and your users show here.`}
          </p>
        </div>
      ) : (
        <>
          <LazyDashboardCharts hierarchy={hierarchy.data} />
          {sections.map((section) => (
            <DashboardTable key={section.id} section={section} />
          ))}
        </>
      )}
    </div>
  );
}

function DashboardTable({ section }: { section: DashboardSection }) {
  const headingId = useId();
  const columns = useMemo(() => dashboardColumns(section.id), [section.id]);
  const { table, filter, onFilterChange } = useClientTable({
    data: section.rows,
    columns,
    defaultPageSize: PAGE_SIZES[0],
  });
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {section.title}
        </h2>
        <ExportCsvButton
          route={ROUTES.exportDashboard}
          query={{ section: section.id, search: filter.trim() || undefined }}
          fallbackName={`dashboard-${section.id}.csv`}
          label={t`Export CSV: ${section.title}`}
        />
      </div>
      <ListTable
        table={table}
        label={section.title}
        pageSizes={PAGE_SIZES}
        filter={{
          value: filter,
          onChange: onFilterChange,
          placeholder: t`Filter licenses...`,
          label: t`Filter ${section.title}`,
        }}
      />
    </section>
  );
}
