import { plural, t } from '@lingui/core/macro';
import { CONSUMPTION_WINDOWS, type ConsumptionSeries, type ConsumptionWindow } from '@portal/contracts/charts';
import type { AllocationHierarchy } from '@portal/contracts/licenses';
import { useState } from 'react';
import { BarList } from '@/components/charts/bar-list';
import { type ChartData, ChartFigure, formatChartValue } from '@/components/charts/chart-figure';
import { ColumnChart } from '@/components/charts/column-chart';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useConsumption } from '../api/get-consumption';

/*
 * The dashboard's charts (docs/decisions/026-charts.md), in a chunk of their own that the dashboard
 * imports lazily (lazy-dashboard-charts.tsx): the tables paint first, within the shell's budget.
 */

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];

/**
 * Stock by product from what the dashboard shows of the caller's own stock: its Default pool and
 * the pool it draws from (Account Pool). The shared pools' and users' rows are not added: they are
 * what the caller allocated, already counted in its Allocated.
 */
export function stockByProduct(hierarchy: AllocationHierarchy): ChartData {
  const rows = [
    ...hierarchy.defaultPool.productAllocations,
    ...(hierarchy.parentAccountPool?.productAllocations ?? []),
  ];
  const products = new Map<string, { name: string; counts: [number, number, number, number, number] }>();
  for (const row of rows) {
    const product = products.get(row.productCode) ?? { name: row.productName, counts: [0, 0, 0, 0, 0] };
    product.counts[0] += row.availableCount;
    product.counts[1] += row.inTransitCount;
    product.counts[2] += row.consumedCount;
    product.counts[3] += row.allocatedQuantity;
    // Units of lots that expired unused: with them a product's bar adds up to the table's Total.
    product.counts[4] += row.expiredQuantity;
    products.set(row.productCode, product);
  }
  const list = [...products.values()];
  const series = (key: string, label: string, color: string, at: number) => ({
    key,
    label,
    color,
    values: list.map((product) => product.counts[at] ?? 0),
  });
  return {
    categories: list.map((product) => product.name),
    series: [
      series('available', t`Available`, 'var(--chart-1)', 0),
      series('inTransit', t`In Transit`, 'var(--chart-3)', 1),
      series('consumed', t`Consumed`, 'var(--chart-4)', 2),
      series('allocated', t`Allocated`, 'var(--chart-2)', 3),
      series('expired', t`Expired`, 'var(--chart-5)', 4),
    ],
  };
}

function stockSummary(data: ChartData): string {
  if (data.categories.length === 0) return t`No stock in your pool yet.`;
  const sum = (at: number) => formatChartValue(data.series[at]?.values.reduce((a, b) => a + b, 0) ?? 0);
  const count = data.categories.length;
  const products = plural(count, { one: '# product', other: '# products' });
  const [available, inTransit, consumed, allocated, expired] = [sum(0), sum(1), sum(2), sum(3), sum(4)];
  return t`${products}: ${available} available, ${inTransit} in transit, ${consumed} consumed, ${allocated} allocated, ${expired} expired.`;
}

/** The consumption series as chart data: a category per day (dd/MM/yyyy), a series per product. */
export function consumptionChartData(series: ConsumptionSeries): ChartData {
  return {
    categories: series.points.map((point) => formatDate(point.date)),
    series: series.products.map((product, index) => ({
      key: product.productCode,
      label: product.productName,
      color: COLORS[index % COLORS.length]!,
      values: series.points.map((point) => point.byProduct[product.productCode] ?? 0),
    })),
  };
}

function consumptionSummary(series: ConsumptionSeries): string {
  const total = series.points.reduce((sum, point) => sum + point.total, 0);
  const days = series.days;
  if (total === 0) return t`No units consumed in the last ${days} days.`;
  const busiest = series.points.reduce((best, point) => (point.total > best.total ? point : best));
  const units = plural(total, { one: '# unit', other: '# units' });
  const day = formatDate(busiest.date);
  const most = formatChartValue(busiest.total);
  return t`${units} consumed in the last ${days} days; most on ${day} (${most}).`;
}

function ConsumptionChart() {
  const [days, setDays] = useState<ConsumptionWindow>(30);
  const consumption = useConsumption(days);
  const data: ChartData = consumption.data ? consumptionChartData(consumption.data) : { categories: [], series: [] };
  const summary = consumption.data
    ? consumptionSummary(consumption.data)
    : consumption.isError
      ? consumption.error.message
      : t`Loading...`;
  return (
    <ChartFigure
      title={t`Consumption`}
      summary={summary}
      data={data}
      categoryHeader={t`Day`}
      busy={consumption.isFetching}
      actions={
        <div role="group" aria-label={t`Period`} className="flex">
          {CONSUMPTION_WINDOWS.map((window, index) => (
            <Button
              key={window}
              variant={window === days ? 'secondary' : 'ghost'}
              size="sm"
              aria-pressed={window === days}
              className={index === 0 ? 'rounded-r-none' : 'rounded-l-none'}
              onClick={() => setDays(window)}
            >
              {t`${window} days`}
            </Button>
          ))}
        </div>
      }
    >
      <ColumnChart data={data} label={(day) => day.slice(0, 5)} />
    </ChartFigure>
  );
}

/** `/dashboard`'s charts: the caller's stock by product and its consumption over 30 or 90 days. */
export default function DashboardCharts({ hierarchy }: { hierarchy: AllocationHierarchy }) {
  const stock = stockByProduct(hierarchy);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure title={t`Stock by product`} summary={stockSummary(stock)} data={stock} categoryHeader={t`Product`}>
        <BarList data={stock} />
      </ChartFigure>
      <ConsumptionChart />
    </div>
  );
}
