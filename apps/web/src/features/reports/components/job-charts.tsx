import { plural, t } from '@lingui/core/macro';
import type { JobTimeline } from '@portal/contracts/charts';
import { type JobSummary, MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
import { BarList } from '@/components/charts/bar-list';
import { type ChartData, ChartFigure, formatChartValue } from '@/components/charts/chart-figure';
import { ColumnChart } from '@/components/charts/column-chart';
import { useJobTimeline } from '../api/get-job-timeline';
import { reportDateTime, withZone } from './report-format';
import { statusCountText, statusLabel } from './report-words';

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
    categories: STATUSES.map((status) => statusLabel(status)),
    series: [
      {
        key: 'mailboxes',
        label: t`Mailboxes`,
        color: 'var(--chart-1)',
        values: STATUSES.map((status) => job.mailboxesByStatus[status]),
        colors: STATUSES.map((status) => STATUS_COLORS[status]),
      },
    ],
  };
}

function statusSummary(job: JobSummary): string {
  const parts = STATUSES.filter((status) => job.mailboxesByStatus[status] > 0).map((status) =>
    statusCountText(status, formatChartValue(job.mailboxesByStatus[status])),
  );
  if (parts.length === 0) return t`No mailbox yet.`;
  const mailboxes = plural(job.accountCount, { one: '# mailbox', other: '# mailboxes' });
  const list = parts.join(', ');
  return t`${mailboxes}: ${list}.`;
}

/** "per 15 minutes": the timeline's interval, in the summary. */
function intervalText(seconds: number): string {
  const intervals: Record<number, string> = {
    60: t`per minute`,
    300: t`per 5 minutes`,
    900: t`per 15 minutes`,
    1800: t`per 30 minutes`,
    3600: t`per hour`,
    10_800: t`per 3 hours`,
    21_600: t`per 6 hours`,
    43_200: t`per 12 hours`,
    86_400: t`per day`,
    604_800: t`per week`,
    2_592_000: t`per 30 days`,
  };
  return intervals[seconds] ?? t`per ${seconds} seconds`;
}

/** The intervals as categories: their start in the viewer's time zone, with the time when they are shorter than a day. */
export function timelineData(timeline: JobTimeline): ChartData {
  const daily = timeline.bucketSeconds >= 86_400;
  return {
    categories: timeline.points.map((point) => reportDateTime(point.at).slice(0, daily ? 10 : 16)),
    series: [
      {
        key: 'items',
        label: t`Items migrated`,
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
  let summary = timeline.isError ? timeline.error.message : t`Loading...`;
  if (timeline.data) {
    const total = formatChartValue(timeline.data.points.at(-1)?.cumulative ?? 0);
    const interval = intervalText(timeline.data.bucketSeconds);
    summary = t`${total} items migrated, ${interval}: each mailbox's items counted when it ended (while it runs, at its last report).`;
  }
  return (
    <ChartFigure
      title={t`Items migrated over time`}
      summary={summary}
      data={data}
      categoryHeader={withZone(t`From`)}
      extraColumns={
        timeline.data
          ? [
              {
                label: t`Running total`,
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
      <ChartFigure
        title={t`Mailboxes by status`}
        summary={statusSummary(job)}
        data={statuses}
        categoryHeader={t`Status`}
      >
        <BarList data={statuses} />
      </ChartFigure>
      <TimelineChart jobId={job.id} />
    </div>
  );
}
