import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** One series of a chart: a value per category, drawn in a theme colour (`var(--chart-n)`). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  values: number[];
  /** A colour per category instead (a single series whose bars mean different things: statuses). */
  colors?: string[];
}

/** What a chart shows: categories (bars or days) and the series stacked on each. */
export interface ChartData {
  categories: string[];
  series: ChartSeries[];
}

/** A column of the text equivalent that the graphic does not draw (a running total, say). */
export interface ExtraColumn {
  label: string;
  values: string[];
}

/** A value as the language shown writes it (1,234 in English, 1.234 in German). */
export const formatChartValue = (value: number) => value.toLocaleString(i18n.locale || 'en');

/**
 * A chart with its text equivalent (docs/decisions/026-charts.md): a figure named by its heading
 * and described by a one-line summary. The graphic is hidden from screen readers, which read the
 * same numbers as a table instead; 'Show as table' shows that table in the graphic's place to
 * everyone, so the figures can be read, copied and reached with the keyboard, and 'Show as chart'
 * brings the graphic back.
 */
export function ChartFigure({
  title,
  summary,
  data,
  categoryHeader,
  extraColumns = [],
  actions,
  busy = false,
  className,
  children,
}: {
  title: string;
  summary: string;
  data: ChartData;
  /** The table's first column header (what a category is: Product, Day, Status...). */
  categoryHeader: string;
  extraColumns?: ExtraColumn[];
  /** Controls of the chart's own (a period toggle), before 'Show as table'. */
  actions?: ReactNode;
  busy?: boolean;
  className?: string;
  /** The graphic. */
  children: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <figure
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      aria-busy={busy || undefined}
      className={cn(
        'm-0 grid min-w-0 content-start gap-3 rounded-md border bg-card p-4 text-card-foreground',
        className,
      )}
    >
      <figcaption className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={titleId} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          <p id={summaryId} className="text-sm text-muted-foreground">
            {summary}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {/* Says what a press does: its label changes, so it is no pressed/unpressed toggle as well. */}
          <Button variant="outline" size="sm" onClick={() => setAsTable((shown) => !shown)}>
            {asTable ? t`Show as chart` : t`Show as table`}
          </Button>
        </div>
      </figcaption>
      {asTable ? (
        <ChartTable title={title} data={data} categoryHeader={categoryHeader} extraColumns={extraColumns} />
      ) : (
        <>
          <div aria-hidden="true" className={cn('grid min-w-0 gap-3', busy && 'opacity-60')}>
            {children}
            {data.series.length > 1 && <Legend series={data.series} />}
          </div>
          <ChartTable title={title} data={data} categoryHeader={categoryHeader} extraColumns={extraColumns} hidden />
        </>
      )}
    </figure>
  );
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {series.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-xs" style={{ background: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The chart's numbers as a table: a row per category, a column per series (then the extra ones). */
function ChartTable({
  title,
  data,
  categoryHeader,
  extraColumns,
  hidden = false,
}: {
  title: string;
  data: ChartData;
  categoryHeader: string;
  extraColumns: ExtraColumn[];
  /** Read by screen readers only, beside the graphic. */
  hidden?: boolean;
}) {
  // Shown, the table scrolls in its own box: a region the keyboard can focus and scroll.
  return (
    <div
      className={
        hidden
          ? 'sr-only'
          : 'max-h-80 overflow-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring'
      }
      {...(hidden ? {} : { tabIndex: 0, role: 'region', 'aria-label': `${title}, as a table` })}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {categoryHeader}
            </th>
            {data.series.map((item) => (
              <th key={item.key} scope="col" className="px-3 py-2 text-right font-medium">
                {item.label}
              </th>
            ))}
            {extraColumns.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category, index) => (
            <tr key={`${category}-${index}`} className="border-t">
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {category}
              </th>
              {data.series.map((item) => (
                <td key={item.key} className="px-3 py-1.5 text-right tabular-nums">
                  {formatChartValue(item.values[index] ?? 0)}
                </td>
              ))}
              {extraColumns.map((column) => (
                <td key={column.label} className="px-3 py-1.5 text-right tabular-nums">
                  {column.values[index]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The stacked sum of each category. */
export function totalsOf(data: ChartData): number[] {
  return data.categories.map((_, index) => data.series.reduce((sum, item) => sum + (item.values[index] ?? 0), 0));
}

/** A round upper bound for the value axis: 1, 2 or 5 times a power of ten, at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** The value axis's ticks from 0 to a niceMax: whole steps, at most five of them. */
export function ticksOf(max: number): number[] {
  const steps = [5, 4, 2, 1].find((n) => Number.isInteger(max / n)) ?? 1;
  return Array.from({ length: steps + 1 }, (_, i) => (i * max) / steps);
}
