import type { JobTimeline } from '@portal/contracts/charts';
import { MIGRATION_STATUS_LABELS } from '@portal/contracts/labels';
import { type JobSummary, MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
import { BarList } from '@/components/charts/bar-list';
import { type ChartData, ChartFigure, formatChartValue } from '@/components/charts/chart-figure';
import { ColumnChart } from '@/components/charts/column-chart';
import { useJobTimeline } from '../api/get-job-timeline';
import { reportDateTime, withZone } from './report-format';

/*
 * The job report's charts (docs/decisions/026-charts.md), in a chunk of their own that the job
 * screen imports lazily (lazy-job-charts.tsx).
 */

const STATUSES = MAILBOX_COUNT_STATUSES;
/** Running blue, done teal, with errors amber, failed purple-red, cancelled grey. */
const STATUS_COLORS = {
  InProgress: 'var(--chart-1)',
  Completed: 'var(--chart-2)',
  CompletedWithErrors: 'var(--chart-3)',
  Failed: 'var(--chart-4)',
  Cancelled: 'var(--chart-5)',
} as const;

export function mailboxStatusData(job: JobSummary): ChartData {
  return {
    categories: STATUSES.map((status) => MIGRATION_STATUS_LABELS[status]),
    series: [
      {
        key: 'mailboxes',
        label: 'Mailboxes',
        color: 'var(--chart-1)',
        values: STATUSES.map((status) => job.mailboxesByStatus[status]),
        colors: STATUSES.map((status) => STATUS_COLORS[status]),
      },
    ],
  };
}

function statusSummary(job: JobSummary): string {
  const parts = STATUSES.filter((status) => job.mailboxesByStatus[status] > 0).map(
    (status) => `${formatChartValue(job.mailboxesByStatus[status])} ${MIGRATION_STATUS_LABELS[status].toLowerCase()}`,
  );
  const total = formatChartValue(job.accountCount);
  return parts.length === 0
    ? 'No mailbox yet.'
    : `${total} ${job.accountCount === 1 ? 'mailbox' : 'mailboxes'}: ${parts.join(', ')}.`;
}

const INTERVALS: Record<number, string> = {
  60: 'minute',
  300: '5 minutes',
  900: '15 minutes',
  1800: '30 minutes',
  3600: 'hour',
  10_800: '3 hours',
  21_600: '6 hours',
  43_200: '12 hours',
  86_400: 'day',
  604_800: 'week',
  2_592_000: '30 days',
};

/** The intervals as categories: their start in the viewer's time zone, with the time when they are shorter than a day. */
export function timelineData(timeline: JobTimeline): ChartData {
  const daily = timeline.bucketSeconds >= 86_400;
  return {
    categories: timeline.points.map((point) => reportDateTime(point.at).slice(0, daily ? 10 : 16)),
    series: [
      {
        key: 'items',
        label: 'Items migrated',
        color: 'var(--chart-2)',
        values: timeline.points.map((point) => point.migratedItems),
      },
    ],
  };
}

function TimelineChart({ jobId }: { jobId: string }) {
  const timeline = useJobTimeline(jobId);
  const data = timeline.data ? timelineData(timeline.data) : { categories: [], series: [] };
  const daily = (timeline.data?.bucketSeconds ?? 0) >= 86_400;
  let summary = timeline.isError ? timeline.error.message : 'Loading...';
  if (timeline.data) {
    const total = timeline.data.points.at(-1)?.cumulative ?? 0;
    const interval = INTERVALS[timeline.data.bucketSeconds] ?? `${timeline.data.bucketSeconds} seconds`;
    summary =
      `${formatChartValue(total)} items migrated, per ${interval}: each mailbox's items counted when it ended ` +
      '(while it runs, at its last report).';
  }
  return (
    <ChartFigure
      title="Items migrated over time"
      summary={summary}
      data={data}
      categoryHeader={withZone('From')}
      extraColumns={
        timeline.data
          ? [
              {
                label: 'Running total',
                values: timeline.data.points.map((point) => formatChartValue(point.cumulative)),
              },
            ]
          : []
      }
      busy={timeline.isFetching}
    >
      <ColumnChart
        data={data}
        // dd/MM for days, HH:mm (the end of 'dd/MM/yyyy HH:mm') for shorter intervals.
        label={(from) => (daily ? from.slice(0, 5) : from.slice(11))}
      />
    </ChartFigure>
  );
}

/** `/reports/job`'s charts: the job's mailboxes by status and its items migrated over time. */
export default function JobCharts({ job }: { job: JobSummary }) {
  const statuses = mailboxStatusData(job);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure title="Mailboxes by status" summary={statusSummary(job)} data={statuses} categoryHeader="Status">
        <BarList data={statuses} />
      </ChartFigure>
      <TimelineChart jobId={job.id} />
    </div>
  );
}
