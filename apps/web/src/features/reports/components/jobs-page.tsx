import { t } from '@lingui/core/macro';
import type { JobReportRow } from '@portal/contracts/reports';
import { ROUTES } from '@portal/contracts/routes';
import type { ColumnDef } from '@tanstack/react-table';
import { XIcon } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
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
import { actorText } from '@/lib/actor-text';

export const jobColumns = (): ColumnDef<JobReportRow>[] => [
  {
    accessorKey: 'name',
    header: t`Job`,
    meta: { className: 'min-w-40' },
    cell: ({ row }) => <RowLink to={jobPath(row.original.id)}>{row.original.name}</RowLink>,
  },
  {
    // One column for both, so that the row fits a laptop screen without scrolling sideways.
    accessorKey: 'machineName',
    header: t`Machine / User`,
    meta: { secondary: true },
    cell: ({ row }) => (
      <NameAndDetail
        name={row.original.machineName}
        detail={actorText(row.original.userName, row.original.apiKeyName)}
      />
    ),
  },
  {
    accessorKey: 'accountCount',
    header: t`Mailboxes`,
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
      <JobsFrame title={t`Job View`} crumbs={[{ label: t`User View`, to: REPORT_PATHS.users }, { label: t`Jobs` }]}>
        <ReportNotice
          message={t`This link's user id is not valid.`}
          backTo={REPORT_PATHS.users}
          backLabel={t`Choose a user in the User View`}
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
  const userName = filter.userId ? (namedUser?.name ?? t`this user`) : undefined;
  const columns = useMemo(() => jobColumns(), []);
  const title = jobsTitle(userName, filter.machineName);
  const crumbs: Crumb[] = filter.userId
    ? [{ label: t`User View`, to: REPORT_PATHS.users }, { label: title }]
    : filter.machineName
      ? [{ label: t`Machine View`, to: REPORT_PATHS.machines }, { label: title }]
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
        columns={columns}
        report={report}
        urlState={urlState}
        pageSizes={sizes}
        getRowId={(row) => row.id}
      />
    </JobsFrame>
  );
}

function jobsTitle(userName: string | undefined, machineName: string | undefined): string {
  if (userName && machineName) return t`Jobs of ${userName} on ${machineName}`;
  if (userName) return t`Jobs of ${userName}`;
  if (machineName) return t`Jobs on ${machineName}`;
  return t`Job View`;
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
      <PageHeader title={title} description={t`Migration jobs. Open one to see its mailboxes.`} actions={actions} />
      {children}
    </div>
  );
}

const removeFilter = (filter: string) => t`Remove filter ${filter}`;

/** The list's narrowing, each removable: a link to the same list without it. */
function FilterChips({ filter, userName }: { filter: JobsFilter; userName: string | undefined }) {
  const user = userName ?? filter.userId;
  const machine = filter.machineName;
  const chips = [
    user && { label: t`User: ${user}`, to: jobsPath({ machineName: filter.machineName }) },
    machine && { label: t`Machine: ${machine}`, to: jobsPath({ userId: filter.userId }) },
  ].filter((chip): chip is { label: string; to: string } => Boolean(chip));
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t`Filters`} className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.to}
            aria-label={removeFilter(chip.label)}
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
