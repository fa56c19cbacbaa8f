import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import type { ForecastOptions } from '@portal/contracts/forecast';
import { useForm, useWatch } from 'react-hook-form';
import { PickedDate } from '@/components/picked-date';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import type { ForecastRequestBody } from '../api/run-forecast';
import { ForecastCsvField } from './forecast-csv-field';
import { ForecastRows } from './forecast-rows';
import {
  emptyRow,
  type ForecastFormValues,
  forecastFormSchema,
  localToday,
  toForecastRequest,
} from './forecast-schema';
import { nativeSelect } from '@/components/ui/native-select';

type ForecastFormProps = {
  options: ForecastOptions;
  /** Sends the request; a rejection with field errors lands on the fields. */
  send: (body: ForecastRequestBody) => Promise<unknown>;
  /** The CSV file's row errors of the last answer (400 on `csv`), listed under the upload. */
  csvErrors: readonly string[];
};

/** The pool the caller's migrations draw from now, as the Pool choice names it. */
const currentPool = (name: string) => t`${name} (current)`;

/**
 * The forecast's question: a pool the caller draws from, an optional planned date, and mailboxes
 * per product typed in rows and/or listed in a CSV file (decision 028).
 */
export function ForecastForm({ options, send, csvErrors }: ForecastFormProps) {
  const form = useForm<ForecastFormValues>({
    resolver: zodResolver(forecastFormSchema),
    defaultValues: { poolId: options.pools[0]?.id ?? '', plannedDate: '', rows: [emptyRow()], csvFile: null },
  });
  const { errors, isSubmitting } = form.formState;
  const plannedDate = useWatch({ control: form.control, name: 'plannedDate' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await send(await toForecastRequest(values));
    } catch (error) {
      if (error instanceof ApiError) applyServerFieldErrors(error, form.setError, ['plannedDate']);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6" aria-label={t`Forecast`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t`Pool`}
          error={errors.poolId?.message}
          description={t`(current): the pool your migrations draw their licenses from now.`}
        >
          <select className={nativeSelect} {...form.register('poolId')}>
            {options.pools.map((pool) => (
              <option key={pool.id} value={pool.id}>
                {pool.drawsFrom ? currentPool(pool.name) : pool.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label={t`Planned date (optional)`}
          // The picker shows the browser's format; the chosen day in the tables' (dd/MM/yyyy).
          labelAction={<PickedDate value={plannedDate} />}
          error={errors.plannedDate?.message}
          description={t`Lots that expire on or before this day are not counted. Empty means today.`}
        >
          <Input
            type="date"
            min={localToday()}
            max="9999-12-31"
            className="dark:[color-scheme:dark]"
            {...form.register('plannedDate')}
          />
        </FormField>
      </div>

      <ForecastRows form={form} options={options} />

      <ForecastCsvField form={form} csvErrors={csvErrors} />

      <SubmitButton className="justify-self-start" busy={isSubmitting} busyText={t`Forecasting...`}>
        {t`Run forecast`}
      </SubmitButton>
    </form>
  );
}
