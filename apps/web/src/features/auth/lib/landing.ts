import { PAGES } from '@portal/contracts/pages';
import { isSuperAdmin } from '@portal/contracts/permissions';

/**
 * Where a user lands after signing in, when no remembered page applies: a SuperAdmin has only the
 * usage report (docs/product.md); others go to the step's landing page (docs/product.md: `/intro`,
 * or `/dashboard` after two-factor). Apart from destination.ts so the lean login page can use it
 * without the page-access table.
 */
export function landingPath(roles: readonly string[], fallback: string = PAGES.intro): string {
  return isSuperAdmin(roles) ? PAGES.licenseUsageReport : fallback;
}
