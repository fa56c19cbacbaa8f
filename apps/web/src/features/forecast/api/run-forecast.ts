import type { BodyOf } from '@portal/contracts/endpoints';
import { LAZY_ENDPOINTS } from '@portal/contracts/lazy-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export type ForecastRequestBody = BodyOf<typeof LAZY_ENDPOINTS.forecast>;

/** `POST /Forecast`: reads only; the answer is shown on the page, never as a notice. */
export async function runForecast(body: ForecastRequestBody) {
  const { data } = await callEndpoint(LAZY_ENDPOINTS.forecast, { body });
  return data;
}

/** The fields whose server errors the form shows by itself (the CSV's row errors among them). */
export const FORECAST_INLINE_FIELDS = ['plannedDate', 'csv'] as const;

export function useRunForecast() {
  return useMutation({
    mutationFn: runForecast,
    meta: { inline: { fields: FORECAST_INLINE_FIELDS } },
  });
}
