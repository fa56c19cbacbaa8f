import { actorLabel } from '@portal/contracts/labels';
import type { JobReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PageHeader } from '@/components/page-header';
import { useReport } from '../api/get-report';
import { counterColumns } from './counter-columns';
import { NameAndDetail } from '@/components/name-and-detail';
import { RowLink } from './report-cells';
import { type Crumb, ReportBreadcrumb } from './report-breadcrumb';
import { formatCount, isReportId } from './report-format';
import { jobPath, jobsPath, REPORT_PATHS } from './report-links';
import { ReportNotice } from './report-notice';
import { ReportTable, useReportPaging } from './report-table';

export const jobColumns: ColumnDef<JobReportRow>[] = [
  {
    accessorKey: 'name',
    header: 'Job',
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <RowLink to={jobPath(row.original.id)}>{row.original.name}</RowLink>,
  },
  {
    // One column for both, so that the row fits a laptop screen without scrolling sideways.
    accessorKey: 'machineName',
    header: 'Machine / User',
    meta: { secondary: true },
    cell: ({ row }) => (
      <NameAndDetail
        name={row.original.machineName}
        detail={actorLabel(row.original.userName, row.original.apiKeyName)}
      />
    ),
  },
  {
    accessorKey: 'accountCount',
    header: 'Mailboxes',
    meta: { secondary: true, className: 'text-right tabular-nums' },
    cell: ({ row }) => formatCount(row.original.accountCount),
  },
  ...counterColumns<JobReportRow>((row) => row.name, { withError: false }),
];

type JobsFilter = { userId?: string; machineName?: string };

/**
 * `/reports/jobs` (every role), optionally narrowed to one user (`userId`) or one machine
 * (`machineName`): the jobs, each leading to its mailboxes.
 */
export function JobsPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') || undefined;
  const machineName = params.get('machineName')?.trim() || undefined;
  if (userId !== undefined && !isReportId(userId)) {
    return (
      <JobsFrame title="Job View" crumbs={[{ label: 'User View', to: REPORT_PATHS.users }, { label: 'Jobs' }]}>
        <ReportNotice
          message="This link's user id is not valid."
          backTo={REPORT_PATHS.users}
          backLabel="Choose a user in the User View"
        />
      </JobsFrame>
    );
  }
  return <JobsList filter={{ userId, machineName }} />;
}

function JobsList({ filter }: { filter: JobsFilter }) {
  const { urlState, pageNumber, pageSize, sizes } = useReportPaging('Job');
  const report = useReport({ viewType: 'Job', pageNumber, pageSize, ...filter });
  // The answer names the user the list is narrowed to; a previous page's answer may name another.
  const namedUser = report.data?.user?.id === filter.userId ? report.data?.user : undefined;
  const userName = filter.userId ? (namedUser?.name ?? 'this user') : undefined;
  const title = jobsTitle(userName, filter.machineName);
  const crumbs: Crumb[] = filter.userId
    ? [{ label: 'User View', to: REPORT_PATHS.users }, { label: title }]
    : filter.machineName
      ? [{ label: 'Machine View', to: REPORT_PATHS.machines }, { label: title }]
      : [];

  return (
    <JobsFrame
      title={title}
      crumbs={crumbs}
      actions={<ExportCsvButton route={ROUTES.exportJobReport} query={filter} fallbackName="report-jobs.csv" />}
    >
      <FilterChips filter={filter} userName={userName} />
      <ReportTable
        label={title}
        columns={jobColumns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.id}
      />
    </JobsFrame>
  );
}

function jobsTitle(userName: string | undefined, machineName: string | undefined): string {
  if (userName && machineName) return `Jobs of ${userName} on ${machineName}`;
  if (userName) return `Jobs of ${userName}`;
  if (machineName) return `Jobs on ${machineName}`;
  return 'Job View';
}

function JobsFrame({
  title,
  crumbs,
  actions,
  children,
}: {
  title: string;
  crumbs: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      {crumbs.length > 0 && <ReportBreadcrumb crumbs={crumbs} />}
      <PageHeader title={title} description="Migration jobs. Open one to see its mailboxes." actions={actions} />
      {children}
    </div>
  );
}

/** The list's narrowing, each removable: a link to the same list without it. */
function FilterChips({ filter, userName }: { filter: JobsFilter; userName: string | undefined }) {
  const chips = [
    filter.userId && { label: `User: ${userName ?? filter.userId}`, to: jobsPath({ machineName: filter.machineName }) },
    filter.machineName && { label: `Machine: ${filter.machineName}`, to: jobsPath({ userId: filter.userId }) },
  ].filter((chip): chip is { label: string; to: string } => Boolean(chip));
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.to}
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border bg-muted px-3 py-1 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{chip.label}</span>
            <XIcon aria-hidden className="size-3.5 shrink-0" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
