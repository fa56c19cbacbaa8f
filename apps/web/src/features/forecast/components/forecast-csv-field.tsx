import { t } from '@lingui/core/macro';
import { FORECAST_CSV, FORECAST_LIMITS } from '@portal/contracts/forecast';
import { useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { count } from './forecast-coverage';
import type { ForecastFormValues } from './forecast-schema';

type ForecastCsvFieldProps = {
  form: UseFormReturn<ForecastFormValues>;
  /** The CSV file's row errors of the last answer (400 on `csv`), listed under the upload. */
  csvErrors: readonly string[];
};

// Where the description's column names go: the sentence is one message, its names set in <code>.
const MAILBOX_COLUMN = '\uE000';
const PRODUCT_COLUMN = '\uE001';

/** The CSV file's format in the language shown, its column names (values, never translated) in <code>. */
function CsvFormat() {
  const maxRows = count(FORECAST_LIMITS.maxCsvRows);
  const maxMegabytes = count(FORECAST_LIMITS.maxCsvBytes / 1_048_576);
  const text = t`One mailbox a row under a header row that names a ${MAILBOX_COLUMN} and a ${PRODUCT_COLUMN} column (other columns are ignored; commas or semicolons). The product is its code or its name. At most ${maxRows} mailboxes and ${maxMegabytes} MB. Its mailboxes add to the rows above.`;
  return (
    <>
      {text
        .split(/([\uE000\uE001])/)
        .map((part, index) =>
          part === MAILBOX_COLUMN || part === PRODUCT_COLUMN ? (
            <code key={index}>{part === MAILBOX_COLUMN ? FORECAST_CSV.mailboxColumn : FORECAST_CSV.productColumn}</code>
          ) : (
            part
          ),
        )}
    </>
  );
}

/** The forecast's CSV upload: the file, an example of its rows, and what was wrong with the last one. */
export function ForecastCsvField({ form, csvErrors }: ForecastCsvFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const csvFile = useWatch({ control: form.control, name: 'csvFile' });
  const fileName = csvFile?.name ?? '';
  const setFile = (file: File | null) => form.setValue('csvFile', file, { shouldValidate: form.formState.isSubmitted });
  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 text-base font-semibold">{t`Or a CSV file of mailboxes`}</legend>
      <FormField
        label={t`CSV file (optional)`}
        error={form.formState.errors.csvFile?.message}
        description={<CsvFormat />}
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
        aria-label={t`Example CSV file`}
        className="overflow-x-auto rounded-md border bg-muted/40 p-3 text-xs text-foreground"
        tabIndex={0}
      >
        {FORECAST_CSV.example}
      </pre>
      {csvFile && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="[overflow-wrap:anywhere]">{t`Selected: ${fileName}`}</span>
          <Button type="button" variant="ghost" size="sm" onClick={clearFile}>
            {t`Remove file`}
          </Button>
        </p>
      )}
      {csvErrors.length > 0 && (
        <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          <p className="font-medium">{t`The CSV file was not used:`}</p>
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
