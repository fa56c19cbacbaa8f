import { t } from '@lingui/core/macro';
import { PAGE_PATTERNS, PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { matchPath } from 'react-router';
import { PRODUCT_NAME } from '@/components/brand-logo';

/**
 * Each screen's own document title (WCAG 2.4.2): what the sidebar or the page's heading calls it,
 * then the product. The first pattern that matches the path wins.
 */
const pageTitles = (): readonly (readonly [pattern: string, title: string])[] => [
  [PAGES.signIn, t`Sign In`],
  [PAGES.forgotPassword, t`Forgot Password`],
  [PAGES.resetPassword, t`Reset Password`],
  [PAGES.unauthorized, t`Unauthorized Access`],
  [PAGES.notFound, t`Page Not Found`],
  [PAGES.serverError, t`Something went wrong`],
  [PAGES.maintenance, t`Under maintenance`],
  [PAGES.intro, t`Get Started`],
  [PAGES.dashboard, t`Dashboard`],
  [PAGES.childAccounts, t`Users`],
  [PAGES.importUsers, t`Import Users`],
  [PAGES.allAccounts, t`All Accounts`],
  [PAGES.licenses, t`Licenses`],
  [PAGE_PATTERNS.lot, t`Lot`],
  [PAGES.licenseAllocation, t`License Allocations`],
  [PAGES.licensePools, t`Shared License Pools`],
  [PAGE_PATTERNS.poolUsers, t`Pool Users`],
  [PAGE_PATTERNS.poolEdit, t`Edit Pool`],
  [PAGES.licenseMovement, t`License Movement`],
  [PAGES.licenseForecast, t`License Forecast`],
  [PAGES.licenseUsageReport, t`License Usage Report`],
  [PAGES.reportUsers, t`User View`],
  [PAGES.reportMachines, t`Machine View`],
  [PAGES.reportJobs, t`Job View`],
  [PAGE_PATTERNS.job, t`Mailboxes`],
  [PAGE_PATTERNS.folders, t`Folders`],
  [PAGES.auditTrail, t`Audit Trail`],
  [PAGES.settings, t`Profile · Settings`],
  [PAGES.changePassword, t`Change Password · Settings`],
  [PAGES.alertSettings, t`Alerts · Settings`],
  [PAGES.apiKeys, t`API keys · Settings`],
  [PAGES.webhooks, t`Webhooks · Settings`],
  [SECURITY_PAGES.singleSignOn, t`Single sign-on · Settings`],
  [SECURITY_PAGES.ssoCallback, t`Single sign-on`],
  [PAGES.ssoSignIn, t`Sign in with SSO`],
];

/** "Users · MigrateHub License Portal"; an unknown path is the 404 page. */
export function pageTitleOf(pathname: string): string {
  const match = pageTitles().find(([pattern]) => matchPath({ path: pattern, end: true }, pathname) !== null);
  return `${match?.[1] ?? t`Page Not Found`} · ${PRODUCT_NAME}`;
}
