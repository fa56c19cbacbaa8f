import { hasPermission } from '@portal/contracts/permissions';
import { useMe } from '@/features/auth/api/get-me';
import { UsageReportPage } from '@/features/licenses/components/usage-report-page';

/**
 * `/license-usage-report`: SuperAdmin only (PAGE_ROLES, checked by the signed-in layout); its landing
 * page, and where it issues licenses (Create License creates new lots for a SuperAdmin).
 */
export function LicenseUsageReportRoute() {
  const roles = useMe().data?.roles ?? [];
  return <UsageReportPage canCreate={hasPermission(roles, 'licenses:create')} />;
}
