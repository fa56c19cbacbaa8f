import { useLayoutEffect, useRef, useState } from 'react';
import { type ChartData, formatChartValue, niceMax, ticksOf, totalsOf } from './chart-figure';

const HEIGHT = 200;
const MARGIN = { top: 8, right: 8, bottom: 22, left: 40 };
/** Category labels under the axis, at most, and the room each needs: every n-th is shown so that they never overlap. */
const MAX_LABELS = 8;
const LABEL_WIDTH = 48;

/** The width of the element, followed as it resizes (a default until it is laid out, as in tests). */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (box.clientWidth > 0) setWidth(box.clientWidth);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Stacked columns over a category axis (days, intervals), drawn as SVG at the width of its box so
 * that text keeps its size on a phone. Colours come from the series (theme variables); axis text
 * and grid lines from the theme's muted foreground and border. Each segment has a title (the
 * browser's tooltip); the figure around it holds the text equivalent.
 */
export function ColumnChart({ data, label }: { data: ChartData; label: (category: string) => string }) {
  const { ref, width } = useWidth(640);
  const totals = totalsOf(data);
  const max = niceMax(Math.max(0, ...totals));
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const n = Math.max(1, data.categories.length);
  const slot = plotWidth / n;
  const barWidth = Math.max(1, Math.min(28, slot * 0.7));
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;
  const ticks = ticksOf(max);
  const every = Math.ceil(n / Math.max(2, Math.min(MAX_LABELS, Math.floor(plotWidth / LABEL_WIDTH))));

  return (
    // min-w-0 and overflow-hidden: the box takes the width of its column, never the drawing's, so
    // that measuring it follows the column when it narrows.
    <div ref={ref} className="w-full min-w-0 overflow-hidden">
      <svg width={width} height={HEIGHT} className="block overflow-visible" role="presentation">
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={MARGIN.left}
              x2={MARGIN.left + plotWidth}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--border)"
              strokeWidth={1}
            />
            <text
              x={MARGIN.left - 6}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              fill="var(--muted-foreground)"
            >
              {formatChartValue(tick)}
            </text>
          </g>
        ))}
        {data.categories.map((category, index) => {
          const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={`${category}-${index}`} data-category={category}>
              {data.series.map((series) => {
                const value = series.values[index] ?? 0;
                if (value <= 0) return null;
                const top = y(base + value);
                const height = y(base) - top;
                base += value;
                return (
                  <rect
                    key={series.key}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={Math.max(1, height)}
                    fill={series.colors?.[index] ?? series.color}
                    rx={1.5}
                  >
                    <title>{`${label(category)}: ${series.label} ${formatChartValue(value)}`}</title>
                  </rect>
                );
              })}
              {index % every === 0 && (
                <text
                  x={MARGIN.left + index * slot + slot / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  fontSize={11}
                  fill="var(--muted-foreground)"
                >
                  {label(category)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
