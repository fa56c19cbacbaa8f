import { ForecastPage } from '@/features/forecast/components/forecast-page';

/** `/license-forecast`: Admin and User (PAGE_ROLES), the roles that run migrations (decision 028). */
export function LicenseForecastRoute() {
  return <ForecastPage />;
}
