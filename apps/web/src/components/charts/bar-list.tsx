import { type ChartData, formatChartValue, totalsOf } from './chart-figure';

/**
 * Horizontal stacked bars, one per category with its name and total above it: for categories with
 * long names (products, statuses). Plain boxes sized in percent of the largest total, in the
 * series' theme colours on the theme's muted track.
 */
export function BarList({ data }: { data: ChartData }) {
  const totals = totalsOf(data);
  const max = Math.max(1, ...totals);
  return (
    <ul className="grid gap-3">
      {data.categories.map((category, index) => (
        <li key={`${category}-${index}`} className="grid gap-1" data-category={category}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="min-w-0 truncate">{category}</span>
            <span className="font-medium tabular-nums">{formatChartValue(totals[index] ?? 0)}</span>
          </div>
          <div className="flex h-3 overflow-hidden rounded-sm bg-muted">
            {data.series.map((series) => {
              const value = series.values[index] ?? 0;
              if (value <= 0) return null;
              return (
                <div
                  key={series.key}
                  className="h-full"
                  style={{ width: `${(value / max) * 100}%`, background: series.colors?.[index] ?? series.color }}
                  title={`${category}: ${series.label} ${formatChartValue(value)}`}
                />
              );
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}
