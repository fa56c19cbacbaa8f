import { t } from '@lingui/core/macro';
import { type JobSummary as JobSummaryData, MAILBOX_COUNT_STATUSES } from '@portal/contracts/reports';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { failedAndFiltered, ProgressBar, progressLabel, progressOf, StatusBadge } from './report-cells';
import { formatCount, formatPercent, reportDateTime, withZone } from './report-format';
import { jobsPath } from './report-links';
import { statusLabel } from './report-words';

/** The job's totals above its mailboxes: where it ran, how far it is, and its mailboxes by status. */
export function JobSummary({ job }: { job: JobSummaryData }) {
  const migrated = formatCount(job.migratedItems);
  const total = formatCount(job.totalItems);
  const apiKeyName = job.apiKeyName;
  return (
    <section aria-label={t`Job summary`} className="grid gap-4 rounded-md border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <StatusBadge status={job.status} />
        <ProgressBar
          progress={progressOf(job)}
          label={progressLabel(job.name)}
          className="min-w-48 flex-1 sm:max-w-sm"
        />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
        <Fact label={t`Machine`}>
          <Link
            to={jobsPath({ machineName: job.machineName })}
            className="text-primary underline-offset-4 hover:underline"
          >
            {job.machineName}
          </Link>
        </Fact>
        <Fact label={t`User`}>
          {/* The key on a line of its own: a link inside running text would need an underline. */}
          <div>
            <Link to={jobsPath({ userId: job.userId })} className="text-primary underline-offset-4 hover:underline">
              {job.userName}
            </Link>
          </div>
          {apiKeyName ? <div className="text-muted-foreground">{t`via key ''${apiKeyName}''`}</div> : null}
        </Fact>
        <Fact label={withZone(t`Start`)}>{reportDateTime(job.startDate)}</Fact>
        <Fact label={withZone(t`End`)}>{reportDateTime(job.endDate)}</Fact>
        <Fact label={t`Mailboxes`}>{formatCount(job.accountCount)}</Fact>
        <Fact label={t`Completion`}>{formatPercent(job.completionPercentage)}</Fact>
        <Fact label={t`Items`}>{t`${migrated} migrated of ${total}`}</Fact>
        <Fact label={t`Failed / Filtered`}>{failedAndFiltered(job)}</Fact>
      </dl>
      <div className="grid gap-2">
        <h2 className="text-sm font-medium">{t`Mailboxes by status`}</h2>
        <ul className="flex flex-wrap gap-2 text-sm">
          {MAILBOX_COUNT_STATUSES.map((status) => (
            <li key={status} className="rounded-md border bg-background px-2.5 py-1 tabular-nums">
              <span className="text-muted-foreground">{statusLabel(status)}:</span>{' '}
              <span className="font-medium">{formatCount(job.mailboxesByStatus[status])}</span>
            </li>
          ))}
        </ul>
      </div>
      {job.errorMessage && (
        <p className="text-sm text-destructive [overflow-wrap:anywhere]">
          <span className="font-medium">{t`Error:`}</span> {job.errorMessage}
        </p>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
