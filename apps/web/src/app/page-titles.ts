import { PAGE_PATTERNS, PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { matchPath } from 'react-router';
import { PRODUCT_NAME } from '@/components/brand-logo';

/**
 * Each screen's own document title (WCAG 2.4.2): what the sidebar or the page's heading calls it,
 * then the product. The first pattern that matches the path wins.
 */
const PAGE_TITLES: readonly (readonly [pattern: string, title: string])[] = [
  [PAGES.signIn, 'Sign In'],
  [PAGES.forgotPassword, 'Forgot Password'],
  [PAGES.resetPassword, 'Reset Password'],
  [PAGES.unauthorized, 'Unauthorized Access'],
  [PAGES.notFound, 'Page Not Found'],
  [PAGES.serverError, 'Something went wrong'],
  [PAGES.maintenance, 'Under maintenance'],
  [PAGES.intro, 'Get Started'],
  [PAGES.dashboard, 'Dashboard'],
  [PAGES.childAccounts, 'Users'],
  [PAGES.importUsers, 'Import Users'],
  [PAGES.allAccounts, 'All Accounts'],
  [PAGES.licenses, 'Licenses'],
  [PAGE_PATTERNS.lot, 'Lot'],
  [PAGES.licenseAllocation, 'License Allocations'],
  [PAGES.licensePools, 'Shared License Pools'],
  [PAGE_PATTERNS.poolUsers, 'Pool Users'],
  [PAGE_PATTERNS.poolEdit, 'Edit Pool'],
  [PAGES.licenseMovement, 'License Movement'],
  [PAGES.licenseForecast, 'License Forecast'],
  [PAGES.licenseUsageReport, 'License Usage Report'],
  [PAGES.reportUsers, 'User View'],
  [PAGES.reportMachines, 'Machine View'],
  [PAGES.reportJobs, 'Job View'],
  [PAGE_PATTERNS.job, 'Mailboxes'],
  [PAGE_PATTERNS.folders, 'Folders'],
  [PAGES.auditTrail, 'Audit Trail'],
  [PAGES.settings, 'Profile · Settings'],
  [PAGES.changePassword, 'Change Password · Settings'],
  [PAGES.alertSettings, 'Alerts · Settings'],
  [PAGES.apiKeys, 'API keys · Settings'],
  [PAGES.webhooks, 'Webhooks · Settings'],
  [SECURITY_PAGES.singleSignOn, 'Single sign-on · Settings'],
  [SECURITY_PAGES.ssoCallback, 'Single sign-on'],
  [PAGES.ssoSignIn, 'Sign in with SSO'],
];

/** "Users · MigrateHub License Portal"; an unknown path is the 404 page. */
export function pageTitleOf(pathname: string): string {
  const match = PAGE_TITLES.find(([pattern]) => matchPath({ path: pattern, end: true }, pathname) !== null);
  return `${match?.[1] ?? 'Page Not Found'} · ${PRODUCT_NAME}`;
}
