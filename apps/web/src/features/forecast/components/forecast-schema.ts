import { FORECAST_LIMITS, FORECAST_MSG } from '@portal/contracts/forecast';
import { z } from 'zod';
import type { ForecastRequestBody } from '../api/run-forecast';

/** Today in the viewer's calendar, as a date input writes it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const isBlank = (row: { product: string; mailboxes: number }) => row.product === '' && Number.isNaN(row.mailboxes);

/**
 * The Forecast form. A product row left wholly empty is ignored (the form starts with one), so a
 * CSV file alone is enough; any other row must be complete. The same rules as the server's, with
 * the same words, checked before sending.
 */
export const forecastFormSchema = z
  .object({
    poolId: z.string().min(1, FORECAST_MSG.poolRequired),
    plannedDate: z.string(),
    rows: z.array(
      z.object({
        product: z.string(),
        // An empty number box reads as NaN.
        mailboxes: z.union([z.number(), z.nan()]),
      }),
    ),
    csvFile: z.instanceof(File).nullable(),
  })
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.rows.forEach((row, index) => {
      if (isBlank(row)) return;
      if (row.product === '')
        ctx.addIssue({ code: 'custom', path: ['rows', index, 'product'], message: FORECAST_MSG.productRequired });
      else if (seen.has(row.product))
        ctx.addIssue({ code: 'custom', path: ['rows', index, 'product'], message: FORECAST_MSG.productOnce });
      seen.add(row.product);
      const count = row.mailboxes;
      const problem = Number.isNaN(count)
        ? FORECAST_MSG.mailboxesMin
        : !Number.isInteger(count)
          ? FORECAST_MSG.mailboxesWhole
          : count < 1
            ? FORECAST_MSG.mailboxesMin
            : count > FORECAST_LIMITS.maxMailboxes
              ? FORECAST_MSG.mailboxesMax
              : undefined;
      if (problem) ctx.addIssue({ code: 'custom', path: ['rows', index, 'mailboxes'], message: problem });
    });
    if (values.rows.every(isBlank) && values.csvFile === null)
      ctx.addIssue({ code: 'custom', path: ['rows', 'root'], message: FORECAST_MSG.nothingToForecast });
    if (values.plannedDate !== '') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.plannedDate))
        ctx.addIssue({ code: 'custom', path: ['plannedDate'], message: FORECAST_MSG.plannedDateInvalid });
      else if (values.plannedDate < localToday())
        ctx.addIssue({ code: 'custom', path: ['plannedDate'], message: FORECAST_MSG.plannedDatePast });
    }
    if (values.csvFile && values.csvFile.size > FORECAST_LIMITS.maxCsvBytes)
      ctx.addIssue({ code: 'custom', path: ['csvFile'], message: FORECAST_MSG.csvTooLarge });
  });

export type ForecastFormValues = z.input<typeof forecastFormSchema>;

export const emptyRow = () => ({ product: '', mailboxes: Number.NaN });

/** The request: blank rows dropped, the file's text read. */
export async function toForecastRequest(values: ForecastFormValues): Promise<ForecastRequestBody> {
  return {
    poolId: values.poolId,
    plannedDate: values.plannedDate === '' ? null : values.plannedDate,
    items: values.rows
      .filter((row) => !isBlank(row))
      .map((row) => ({ product: row.product, mailboxes: row.mailboxes })),
    csv: values.csvFile ? await values.csvFile.text() : null,
  };
}
