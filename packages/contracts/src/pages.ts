/**
 * The one table of the web app's page paths, as routes.ts is of the API's: the router, the page
 * titles, the sidebar, links and the browser journeys (e2e) read it, so a page's path is written
 * nowhere else. A page whose path takes a parameter is a function here that builds the link, and
 * its router pattern is in PAGE_PATTERNS. The lean login page imports only its sign-in pages
 * (sign-in-pages.ts; docs/decisions/041-login-page-at-80-kb.md).
 */

import { SIGN_IN_PAGES } from './sign-in-pages';

type PoolRef = { id: string; name: string };

/**
 * A path with its query string (a value left undefined is left out), form-encoded as URLSearchParams
 * writes it (contracts has no DOM types, so it is spelled out here).
 */
function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

const formEncode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

const REPORT_JOBS = '/reports/jobs';

/** The patterns of the pages with a parameter (`:name` marks a path parameter). */
export const PAGE_PATTERNS = {
  poolUsers: '/pool/users/:poolId',
  poolEdit: '/pool/edit/:poolId',
  job: '/reports/job',
  folders: '/reports/folders',
  /** A lot: its summary and its Consumption tab (decision 046). */
  lot: '/licenses/:licenseId',
} as const;

/**
 * The pages of enterprise sign-in: Settings → Single sign-on and where single sign-on returns the
 * browser with its one-time code (decision 038), Settings → MFA policy (decision 036). Apart from
 * PAGES, whose every path the lean login page carries: that page is at its size budget
 * (docs/decisions/002-login-page-budget.md).
 */
export const SECURITY_PAGES = {
  singleSignOn: '/settings/single-sign-on',
  mfaPolicy: '/settings/mfa-policy',
  ssoCallback: '/sso-callback',
} as const;

export const PAGES = {
  /** signIn, forgotPassword and ssoSignIn (sign-in-pages.ts, which the lean login page imports). */
  ...SIGN_IN_PAGES,
  resetPassword: '/reset-password',
  unauthorized: '/401',
  notFound: '/404',
  serverError: '/500',
  maintenance: '/503',

  intro: '/intro',
  dashboard: '/dashboard',
  settings: '/settings',
  changePassword: '/settings/change-password',
  alertSettings: '/settings/alerts',
  twoFactor: '/settings/two-factor',
  apiKeys: '/settings/api-keys',
  webhooks: '/settings/webhooks',

  childAccounts: '/child-accounts',
  /** `/child-accounts/import?id=…`: the user import (decision 047), on the import given. */
  importUsers: '/child-accounts/import',
  allAccounts: '/users',
  auditTrail: '/audit-trail',
  licensePools: '/license-pools',
  /** `/pool/users/{poolId}?poolName=…`: a pool's members, read-only. */
  poolUsers: (pool: PoolRef) =>
    withQuery(PAGE_PATTERNS.poolUsers.replace(':poolId', encodeURIComponent(pool.id)), { poolName: pool.name }),
  /** `/pool/edit/{poolId}?poolName=…`: the pool manager. */
  poolEdit: (pool: PoolRef) =>
    withQuery(PAGE_PATTERNS.poolEdit.replace(':poolId', encodeURIComponent(pool.id)), { poolName: pool.name }),

  licenses: '/licenses',
  /** `/licenses/{licenseId}?tab=consumption`: a lot, on the tab given (its summary otherwise). */
  lot: (licenseId: string, tab?: 'consumption') =>
    withQuery(PAGE_PATTERNS.lot.replace(':licenseId', encodeURIComponent(licenseId)), { tab }),
  licenseAllocation: '/license-allocation',
  licenseMovement: '/license-movement',
  licenseForecast: '/license-forecast',
  licenseUsageReport: '/license-usage-report',

  /** The reports' group in the sidebar: every page below starts with it. */
  reports: '/reports',
  reportUsers: '/reports/users',
  reportMachines: '/reports/machine',
  reportJobs: REPORT_JOBS,
  /** The Job View, narrowed to a user or a machine when given. */
  jobs: (filter: { userId?: string; machineName?: string } = {}) =>
    withQuery(REPORT_JOBS, { userId: filter.userId || undefined, machineName: filter.machineName || undefined }),
  /** A job's mailboxes. */
  job: (jobId: string) => withQuery(PAGE_PATTERNS.job, { jobId }),
  /** A mailbox's folders. */
  folders: (mailboxId: string) => withQuery(PAGE_PATTERNS.folders, { mailboxId }),
} as const;
