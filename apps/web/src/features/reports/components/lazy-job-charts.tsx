import type { JobSummary } from '@portal/contracts/reports';
import { lazy, Suspense } from 'react';
import { ChartBoundary, ChartPlaceholder } from '@/components/charts/chart-placeholder';

// A chunk of its own (job-charts-*.js), shared pieces with the dashboard's charts aside.
const JobCharts = lazy(() => import('./job-charts'));

/** The job report's charts, loaded after the page; a failed load leaves the report as it is. */
export function LazyJobCharts({ job }: { job: JobSummary }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<ChartPlaceholder count={2} />}>
        <JobCharts job={job} />
      </Suspense>
    </ChartBoundary>
  );
}
