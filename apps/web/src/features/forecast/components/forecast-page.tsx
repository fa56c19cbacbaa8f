import { t } from '@lingui/core/macro';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useForecastOptions } from '../api/get-forecast-options';
import { useRunForecast } from '../api/run-forecast';
import { ForecastForm } from './forecast-form';
import { ForecastResults } from './forecast-results';

/** The CSV file's own errors of a failed forecast: the server names each bad row. */
function csvErrorsOf(error: Error | null): string[] {
  if (!(error instanceof ApiError)) return [];
  const rows = error.fieldErrors.filter((fieldError) => fieldError.field === 'csv').map((e) => e.message);
  return rows.length > 0 && !rows.includes(error.message) ? [error.message, ...rows] : rows;
}

/**
 * `/license-forecast` (Admin and User, decision 028): before a job, whether a pool the caller draws
 * from covers so many mailboxes per product on a planned date. Reads only.
 */
export function ForecastPage() {
  const options = useForecastOptions();
  const forecast = useRunForecast();

  return (
    <div className="grid gap-8">
      <PageHeader
        title={t`License Forecast`}
        description={t`Before a migration: does your pool hold enough licenses for the mailboxes you plan to move?`}
      />
      {options.isPending ? (
        <p className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner /> {t`Loading...`}
        </p>
      ) : options.isError ? (
        <p role="alert" className="rounded-md border p-6 text-center text-destructive">
          {options.error.message}
        </p>
      ) : options.data.pools.length === 0 ? (
        <p className="rounded-md border border-dashed p-10 text-center">{t`You draw from no pool yet.`}</p>
      ) : (
        <ForecastForm
          options={options.data}
          send={(body) => forecast.mutateAsync(body)}
          csvErrors={forecast.isError ? csvErrorsOf(forecast.error) : []}
        />
      )}
      {forecast.data && !forecast.isError && !forecast.isPending && <ForecastResults result={forecast.data} />}
    </div>
  );
}
