import { UsageReportPage } from '@/features/licenses/components/usage-report-page';

/** `/license-usage-report`: SuperAdmin only (PAGE_ROLES, checked by the signed-in layout); its landing page. */
export function LicenseUsageReportRoute() {
  return <UsageReportPage />;
}
