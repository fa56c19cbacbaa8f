import type { AllocationHierarchy } from '@portal/contracts/licenses';
import { lazy, Suspense } from 'react';
import { ChartBoundary, ChartPlaceholder } from '@/components/charts/chart-placeholder';

// A chunk of its own (dashboard-charts-*.js): the dashboard's tables paint without it.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** The dashboard's charts, loaded after the page; a failed load leaves the tables as they are. */
export function LazyDashboardCharts({ hierarchy }: { hierarchy: AllocationHierarchy }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<ChartPlaceholder count={2} />}>
        <DashboardCharts hierarchy={hierarchy} />
      </Suspense>
    </ChartBoundary>
  );
}
