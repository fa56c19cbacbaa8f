import { matchPath } from 'react-router';
import { PRODUCT_NAME } from '@/components/brand-logo';

/**
 * Each screen's own document title (WCAG 2.4.2): what the sidebar or the page's heading calls it,
 * then the product. The first pattern that matches the path wins.
 */
const PAGE_TITLES: readonly (readonly [pattern: string, title: string])[] = [
  ['/', 'Sign In'],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password', 'Reset Password'],
  ['/401', 'Unauthorized Access'],
  ['/404', 'Page Not Found'],
  ['/500', 'Something went wrong'],
  ['/503', 'Under maintenance'],
  ['/intro', 'Get Started'],
  ['/dashboard', 'Dashboard'],
  ['/child-accounts', 'Users'],
  ['/users', 'All Accounts'],
  ['/licenses', 'Licenses'],
  ['/license-allocation', 'License Allocations'],
  ['/license-pools', 'Shared License Pools'],
  ['/pool/users/:poolId', 'Pool Users'],
  ['/pool/edit/:poolId', 'Edit Pool'],
  ['/license-movement', 'License Movement'],
  ['/license-forecast', 'License Forecast'],
  ['/license-usage-report', 'License Usage Report'],
  ['/reports/users', 'User View'],
  ['/reports/machine', 'Machine View'],
  ['/reports/jobs', 'Job View'],
  ['/reports/job', 'Mailboxes'],
  ['/reports/folders', 'Folders'],
  ['/audit-trail', 'Audit Trail'],
  ['/settings', 'Profile · Settings'],
  ['/settings/change-password', 'Change Password · Settings'],
  ['/settings/alerts', 'Alerts · Settings'],
];

/** "Users · MigrateHub License Portal"; an unknown path is the 404 page. */
export function pageTitleOf(pathname: string): string {
  const match = PAGE_TITLES.find(([pattern]) => matchPath({ path: pattern, end: true }, pathname) !== null);
  return `${match?.[1] ?? 'Page Not Found'} · ${PRODUCT_NAME}`;
}
