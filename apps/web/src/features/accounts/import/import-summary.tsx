import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { AccountImport } from '@portal/contracts/account-imports';
import { ROUTES } from '@portal/contracts/routes';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/export-csv-button';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDateTime } from '@/lib/format';
import { useApplyImport } from './import-api';

const STATUS_VARIANTS = { Planned: 'muted', Applying: 'secondary', Done: 'success' } as const;
const statusLabel = (status: AccountImport['status']): string =>
  ({ Planned: t`Checked, not applied`, Applying: t`Creating users`, Done: t`Done` })[status];

/** A count in the language's digits and grouping. */
const count = (n: number) => n.toLocaleString(i18n.locale);
const users = (n: number) => plural(n, { one: '# user', other: '# users' });

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'bad' }) {
  return (
    <div className="grid gap-0.5 rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === 'bad' && value > 0 ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>
        <span className="tabular-nums">{count(value)}</span>
      </dd>
    </div>
  );
}

/** How far the creation has come: rows with a result of the rows that were queued. */
function Progress({ data }: { data: AccountImport }) {
  const { create, queued } = data.counts;
  const done = create - queued;
  return (
    <div className="grid gap-1.5">
      <ProgressBar label={t`Users created`} value={done} max={create} />
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {t`${count(done)} of ${count(create)} rows done`}
      </p>
    </div>
  );
}

/**
 * An import's counts: before it is applied, what its rows would do, and Apply; while applied, the
 * progress; once done, the results and the result file.
 */
export function ImportSummary({ data }: { data: AccountImport }) {
  const apply = useApplyImport();
  const { counts, status } = data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="[overflow-wrap:anywhere]">{data.fileName}</CardTitle>
          <Badge variant={STATUS_VARIANTS[status]}>{statusLabel(status)}</Badge>
        </div>
        <CardDescription>
          {data.finishedAt
            ? t`${count(data.totalRows)} rows, checked ${formatDateTime(data.createdAt)}, done ${formatDateTime(data.finishedAt)}.`
            : t`${count(data.totalRows)} rows, checked ${formatDateTime(data.createdAt)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status === 'Planned' ? (
          <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            <Figure label={t`To create`} value={counts.create} />
            <Figure label={t`To skip (existing)`} value={counts.skip} />
            <Figure label={t`With errors`} value={counts.error} tone="bad" />
            <Figure label={t`Units to allocate`} value={data.units} />
          </dl>
        ) : (
          <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            <Figure label={t`Created`} value={counts.created} />
            <Figure label={t`Skipped`} value={counts.skipped} />
            <Figure label={t`Failed`} value={counts.failed} tone="bad" />
            <Figure label={t`Waiting`} value={counts.queued} />
          </dl>
        )}
        {status === 'Applying' && <Progress data={data} />}
        {status === 'Planned' && counts.error > 0 && (
          <p className="text-sm text-muted-foreground">
            {t`Rows with errors are not created. Fix them in the file and upload it again: rows already created are skipped, so nothing is created twice.`}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {status === 'Planned' && (
          <SubmitButton
            type="button"
            busy={apply.isPending}
            busyText={t`Starting...`}
            disabled={counts.create === 0}
            onClick={() => apply.mutate(data.id)}
          >
            {t`Create ${users(counts.create)}`}
          </SubmitButton>
        )}
        {status !== 'Planned' && (
          <ExportCsvButton
            route={ROUTES.accountImportResult}
            params={{ id: data.id }}
            fallbackName="user-import.csv"
            text={t`Download results`}
          />
        )}
      </CardFooter>
    </Card>
  );
}
