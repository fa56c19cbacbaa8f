import { isSuperAdmin } from '@portal/contracts/permissions';
import { canOpenPath } from '@/lib/page-access';

/** Where a signed-in user lands by default: a SuperAdmin only has the usage report. */
export function homePathFor(roles: readonly string[]): string {
  return isSuperAdmin(roles) ? '/license-usage-report' : '/intro';
}

/** After signing in: back to the page the user was bounced from when the roles allow it. */
export function postLoginPath(roles: readonly string[], from: string | undefined): string {
  const pathname = from?.split(/[?#]/)[0];
  if (from && pathname && canOpenPath(roles, pathname)) return from;
  return homePathFor(roles);
}
