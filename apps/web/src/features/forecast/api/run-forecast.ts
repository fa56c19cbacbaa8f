import { type BodyOf, ENDPOINTS } from '@portal/contracts/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint';

export type ForecastRequestBody = BodyOf<typeof ENDPOINTS.forecast>;

/** `POST /Forecast`: reads only; the answer is shown on the page, never as a notice. */
export async function runForecast(body: ForecastRequestBody) {
  const { data } = await callEndpoint(ENDPOINTS.forecast, { body });
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
