import { zodResolver } from '@hookform/resolvers/zod';
import { FORECAST_CSV, FORECAST_LIMITS, type ForecastOptions } from '@portal/contracts/forecast';
import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectTriggerClass } from '@/components/ui/select-trigger-class';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import type { ForecastRequestBody } from '../api/run-forecast';
import {
  emptyRow,
  type ForecastFormValues,
  forecastFormSchema,
  localToday,
  toForecastRequest,
} from './forecast-schema';
import { PickedDate } from '@/components/picked-date';

/** A native select: keyboard and screen readers know it, and the phone shows its own picker. */
const nativeSelect = cn(selectTriggerClass, 'h-9 w-full dark:[color-scheme:dark]');

type ForecastFormProps = {
  options: ForecastOptions;
  /** Sends the request; a rejection with field errors lands on the fields. */
  send: (body: ForecastRequestBody) => Promise<unknown>;
  /** The CSV file's row errors of the last answer (400 on `csv`), listed under the upload. */
  csvErrors: readonly string[];
};

/**
 * The forecast's question: a pool the caller draws from, an optional planned date, and mailboxes
 * per product typed in rows and/or listed in a CSV file (decision 028).
 */
export function ForecastForm({ options, send, csvErrors }: ForecastFormProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<ForecastFormValues>({
    resolver: zodResolver(forecastFormSchema),
    defaultValues: { poolId: options.pools[0]?.id ?? '', plannedDate: '', rows: [emptyRow()], csvFile: null },
  });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const { errors, isSubmitting } = form.formState;
  const csvFile = useWatch({ control: form.control, name: 'csvFile' });
  const plannedDate = useWatch({ control: form.control, name: 'plannedDate' });
  const rowsError = errors.rows?.root?.message ?? errors.rows?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await send(await toForecastRequest(values));
    } catch (error) {
      if (error instanceof ApiError) applyServerFieldErrors(error, form.setError, ['plannedDate']);
    }
  });

  const clearFile = () => {
    form.setValue('csvFile', null, { shouldValidate: form.formState.isSubmitted });
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6" aria-label="Forecast">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Pool"
          error={errors.poolId?.message}
          description="(current): the pool your migrations draw their licenses from now."
        >
          <select className={nativeSelect} {...form.register('poolId')}>
            {options.pools.map((pool) => (
              <option key={pool.id} value={pool.id}>
                {pool.drawsFrom ? `${pool.name} (current)` : pool.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Planned date (optional)"
          // The picker shows the browser's format; the chosen day in the tables' (dd/MM/yyyy).
          labelAction={<PickedDate value={plannedDate} />}
          error={errors.plannedDate?.message}
          description="Lots that expire on or before this day are not counted. Empty means today."
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

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-2 text-base font-semibold">Mailboxes per product</legend>
        <ul aria-label="Products" className="grid gap-2">
          {rows.fields.map((row, index) => {
            const productId = `${id}-product-${index}`;
            const countId = `${id}-count-${index}`;
            const productError = errors.rows?.[index]?.product?.message;
            const countError = errors.rows?.[index]?.mailboxes?.message;
            return (
              <li key={row.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md border p-2">
                <div className="grid min-w-0 flex-1 basis-44 gap-1">
                  <label htmlFor={productId} className="text-xs font-medium">
                    Product <span className="sr-only">{index + 1}</span>
                  </label>
                  <select
                    id={productId}
                    className={nativeSelect}
                    aria-invalid={productError ? true : undefined}
                    aria-describedby={productError ? `${productId}-error` : undefined}
                    {...form.register(`rows.${index}.product`)}
                  >
                    <option value="">Choose a product</option>
                    {options.products.map((product) => (
                      <option key={product.code} value={product.code}>
                        {product.name} ({product.code})
                      </option>
                    ))}
                  </select>
                  {productError && (
                    <p id={`${productId}-error`} className="text-sm font-medium text-destructive">
                      {productError}
                    </p>
                  )}
                </div>
                <div className="grid w-36 gap-1">
                  <label htmlFor={countId} className="text-xs font-medium">
                    Mailboxes <span className="sr-only">of product {index + 1}</span>
                  </label>
                  <Input
                    id={countId}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={FORECAST_LIMITS.maxMailboxes}
                    step={1}
                    aria-invalid={countError ? true : undefined}
                    aria-describedby={countError ? `${countId}-error` : undefined}
                    {...form.register(`rows.${index}.mailboxes`, { valueAsNumber: true })}
                  />
                  {countError && (
                    <p id={`${countId}-error`} className="text-sm font-medium text-destructive">
                      {countError}
                    </p>
                  )}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  className="mt-6"
                  aria-label={`Remove product ${index + 1}`}
                  disabled={rows.fields.length === 1}
                  onClick={() => rows.remove(index)}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={rows.fields.length >= Math.min(FORECAST_LIMITS.maxItems, options.products.length)}
          onClick={() => rows.append(emptyRow())}
        >
          <PlusIcon aria-hidden /> Add product
        </Button>
        {rowsError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {rowsError}
          </p>
        )}
      </fieldset>

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-2 text-base font-semibold">Or a CSV file of mailboxes</legend>
        <FormField
          label="CSV file (optional)"
          error={errors.csvFile?.message}
          description={
            <>
              One mailbox a row under a header row that names a <code>{FORECAST_CSV.mailboxColumn}</code> and a{' '}
              <code>{FORECAST_CSV.productColumn}</code> column (other columns are ignored; commas or semicolons). The
              product is its code or its name. At most {FORECAST_LIMITS.maxCsvRows.toLocaleString('en-US')} mailboxes
              and {FORECAST_LIMITS.maxCsvBytes / 1_048_576} MB. Its mailboxes add to the rows above.
            </>
          }
        >
          <Input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="cursor-pointer"
            onChange={(event) =>
              form.setValue('csvFile', event.target.files?.[0] ?? null, {
                shouldValidate: form.formState.isSubmitted,
              })
            }
          />
        </FormField>
        <pre
          aria-label="Example CSV file"
          className="overflow-x-auto rounded-md border bg-muted/40 p-3 text-xs text-foreground"
          tabIndex={0}
        >
          {FORECAST_CSV.example}
        </pre>
        {csvFile && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="[overflow-wrap:anywhere]">Selected: {csvFile.name}</span>
            <Button type="button" variant="ghost" size="sm" onClick={clearFile}>
              Remove file
            </Button>
          </p>
        )}
        {csvErrors.length > 0 && (
          <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
            <p className="font-medium">The CSV file was not used:</p>
            <ul className="mt-1 list-disc pl-5">
              {csvErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </fieldset>

      <SubmitButton className="justify-self-start" busy={isSubmitting} busyText="Forecasting...">
        Run forecast
      </SubmitButton>
    </form>
  );
}
