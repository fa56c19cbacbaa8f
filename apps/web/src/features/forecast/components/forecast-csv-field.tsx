import { FORECAST_CSV, FORECAST_LIMITS } from '@portal/contracts/forecast';
import { useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ForecastFormValues } from './forecast-schema';

type ForecastCsvFieldProps = {
  form: UseFormReturn<ForecastFormValues>;
  /** The CSV file's row errors of the last answer (400 on `csv`), listed under the upload. */
  csvErrors: readonly string[];
};

/** The forecast's CSV upload: the file, an example of its rows, and what was wrong with the last one. */
export function ForecastCsvField({ form, csvErrors }: ForecastCsvFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const csvFile = useWatch({ control: form.control, name: 'csvFile' });
  const setFile = (file: File | null) => form.setValue('csvFile', file, { shouldValidate: form.formState.isSubmitted });
  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 text-base font-semibold">Or a CSV file of mailboxes</legend>
      <FormField
        label="CSV file (optional)"
        error={form.formState.errors.csvFile?.message}
        description={
          <>
            One mailbox a row under a header row that names a <code>{FORECAST_CSV.mailboxColumn}</code> and a{' '}
            <code>{FORECAST_CSV.productColumn}</code> column (other columns are ignored; commas or semicolons). The
            product is its code or its name. At most {FORECAST_LIMITS.maxCsvRows.toLocaleString('en-US')} mailboxes and{' '}
            {FORECAST_LIMITS.maxCsvBytes / 1_048_576} MB. Its mailboxes add to the rows above.
          </>
        }
      >
        <Input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className="cursor-pointer"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
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
  );
}
