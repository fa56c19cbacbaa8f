/**
 * The one table of the API's addresses: each endpoint's method and path under `/api`, written
 * nowhere else. The server registers its routes from it (with the schemas of endpoints.ts), the
 * web fetchers and the e2e helpers call through it. It imports no zod, so the lean login page can
 * use it without the schema library (docs/decisions/002-login-page-budget.md).
 */
import { AUTH_ROUTES } from './auth-routes';
import { PASSKEY_ROUTES } from './passkey-routes';
import type { Route } from './route';

export { type HttpMethod, pathOf, type Route } from './route';

const PROBES = {
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
} as const satisfies Record<string, Route>;

const BUSINESS_ROUTES = {
  childAccounts: { method: 'GET', path: '/User/child-accounts' },
  exportChildAccounts: { method: 'GET', path: '/User/child-accounts/export' },
  childAccountsWithoutLicenses: { method: 'GET', path: '/User/child-accounts-without-licenses' },
  allAccounts: { method: 'GET', path: '/User/accounts' },
  exportAllAccounts: { method: 'GET', path: '/User/accounts/export' },
  createChildAccount: { method: 'POST', path: '/User/create-child-account' },
  updatePool: { method: 'POST', path: '/User/update-pool' },
  updateRoles: { method: 'POST', path: '/User/update-roles' },
  toggleChildStatus: { method: 'POST', path: '/User/toggle-child-status' },
  setChildPassword: { method: 'POST', path: '/User/set-child-password' },
  resetChildMfa: { method: 'POST', path: '/User/reset-child-mfa' },
  updateEmail: { method: 'PUT', path: '/User/update-email' },
  accountImports: { method: 'GET', path: '/User/imports' },
  createAccountImport: { method: 'POST', path: '/User/imports' },
  accountImport: { method: 'GET', path: '/User/imports/:id' },
  accountImportRows: { method: 'GET', path: '/User/imports/:id/rows' },
  applyAccountImport: { method: 'POST', path: '/User/imports/:id/apply' },
  accountImportResult: { method: 'GET', path: '/User/imports/:id/result' },

  search: { method: 'GET', path: '/Search' },
  bulkOperations: { method: 'GET', path: '/Bulk' },
  createBulk: { method: 'POST', path: '/Bulk' },
  bulkOperation: { method: 'GET', path: '/Bulk/:id' },
  bulkRows: { method: 'GET', path: '/Bulk/:id/rows' },
  undoBulk: { method: 'POST', path: '/Bulk/:id/undo' },
  savedViews: { method: 'GET', path: '/SavedViews' },
  createSavedView: { method: 'POST', path: '/SavedViews' },
  updateSavedView: { method: 'PUT', path: '/SavedViews/:id' },
  deleteSavedView: { method: 'DELETE', path: '/SavedViews/:id' },
  pinSavedView: { method: 'PUT', path: '/SavedViews/:id/pin' },
  // The signed-in person's time zone (Settings → Profile).
  setTimeZone: { method: 'PUT', path: '/User/time-zone' },
  // The signed-in person's language (Settings → Profile).
  setLanguage: { method: 'PUT', path: '/User/language' },

  pools: { method: 'GET', path: '/LicensePool' },
  createPool: { method: 'POST', path: '/LicensePool' },
  poolUsers: { method: 'GET', path: '/LicensePool/:poolId/users' },
  managePoolAccounts: { method: 'POST', path: '/LicensePool/manage-accounts' },
  allocationHierarchy: { method: 'GET', path: '/LicensePool/user-allocation-hierarchy' },
  exportDashboard: { method: 'GET', path: '/LicensePool/user-allocation-hierarchy/export' },
  exportPools: { method: 'GET', path: '/LicensePool/export' },

  licenses: { method: 'GET', path: '/License' },
  exportLicenses: { method: 'GET', path: '/License/export' },
  createLicense: { method: 'POST', path: '/License' },
  issuableLicenses: { method: 'GET', path: '/License/issuable' },
  products: { method: 'GET', path: '/License/products' },

  availableSummary: { method: 'GET', path: '/LicenseAllocation/available-summary' },
  mySummary: { method: 'GET', path: '/LicenseAllocation/user-summary' },
  exportMySummary: { method: 'GET', path: '/LicenseAllocation/export' },
  childSummary: { method: 'GET', path: '/LicenseAllocation/user-summary/:childId' },
  poolSummary: { method: 'GET', path: '/LicenseAllocation/pool-summary' },
  allocate: { method: 'POST', path: '/LicenseAllocation/allocate' },
  revoke: { method: 'POST', path: '/LicenseAllocation/revoke' },

  movements: { method: 'GET', path: '/LicenseMovement' },
  exportMovements: { method: 'GET', path: '/LicenseMovement/export' },
  consumption: { method: 'GET', path: '/LicenseMovement/consumption' },
  usageReport: { method: 'GET', path: '/LicenseUsageReport' },
  exportUsageReport: { method: 'GET', path: '/LicenseUsageReport/export' },

  forecastOptions: { method: 'GET', path: '/Forecast/options' },
  forecast: { method: 'POST', path: '/Forecast' },

  audit: { method: 'GET', path: '/Audit' },
  exportAudit: { method: 'GET', path: '/Audit/export' },

  alertSettings: { method: 'GET', path: '/Alerts/settings' },
  updateAlertSettings: { method: 'PUT', path: '/Alerts/settings' },

  report: { method: 'POST', path: '/Report' },
  jobReportPdf: { method: 'GET', path: '/report/job/:jobId/pdf' },
  mailboxReportPdf: { method: 'GET', path: '/report/mailbox/:mailboxId/pdf' },
  jobTimeline: { method: 'GET', path: '/Report/job/:jobId/items-timeline' },
  exportMachineReport: { method: 'GET', path: '/Report/machine/export' },
  exportUserReport: { method: 'GET', path: '/Report/user/export' },
  exportJobReport: { method: 'GET', path: '/Report/job/export' },
  exportMailboxReport: { method: 'GET', path: '/Report/job/:jobId/mailboxes/export' },
  exportFolderReport: { method: 'GET', path: '/Report/mailbox/:mailboxId/folders/export' },
  // The license trace (decision 046).
  mailboxTrace: { method: 'GET', path: '/Report/mailbox/:mailboxId/license-trace' },
  lotConsumption: { method: 'GET', path: '/License/:licenseId/consumption' },
  exportLotConsumption: { method: 'GET', path: '/License/:licenseId/consumption/export' },
  acceptMailboxSkips: { method: 'POST', path: '/Report/mailbox/:mailboxId/accept-skips' },

  agentRegisterMachine: { method: 'POST', path: '/Agent/machines' },
  agentStartJob: { method: 'POST', path: '/Agent/jobs' },
  agentStartMailbox: { method: 'POST', path: '/Agent/jobs/:jobId/mailboxes' },
  agentMailboxProgress: { method: 'POST', path: '/Agent/mailboxes/:mailboxId/progress' },
  agentCompleteMailbox: { method: 'POST', path: '/Agent/mailboxes/:mailboxId/complete' },
  agentCompleteJob: { method: 'POST', path: '/Agent/jobs/:jobId/complete' },
  releaseMachine: { method: 'POST', path: '/Machine/release-binding' },
  machineDetail: { method: 'GET', path: '/Machine/:machineId' },
  blockMachine: { method: 'POST', path: '/Machine/block' },
  unblockMachine: { method: 'POST', path: '/Machine/unblock' },

  apiKeys: { method: 'GET', path: '/ApiKey' },
  createApiKey: { method: 'POST', path: '/ApiKey' },
  revokeApiKey: { method: 'DELETE', path: '/ApiKey/:id' },

  webhooks: { method: 'GET', path: '/Webhook' },
  createWebhook: { method: 'POST', path: '/Webhook' },
  deleteWebhook: { method: 'DELETE', path: '/Webhook/:id' },
  testWebhook: { method: 'POST', path: '/Webhook/:id/test' },
  rotateWebhookSecret: { method: 'POST', path: '/Webhook/:id/rotate-secret' },
  enableWebhook: { method: 'POST', path: '/Webhook/:id/enable' },
  webhookDeliveries: { method: 'GET', path: '/Webhook/:id/deliveries' },
  resendWebhookDelivery: { method: 'POST', path: '/Webhook/:id/deliveries/:deliveryId/resend' },

  // Single sign-on (decision 038): the browser's start, the provider's return and the app's
  // exchange (not in AUTH_ROUTES: the lean login page only links to the SSO page), then the settings.
  ssoStart: { method: 'GET', path: '/Sso/start' },
  ssoCallback: { method: 'GET', path: '/Sso/callback' },
  ssoExchange: { method: 'POST', path: '/Sso/exchange' },
  ssoSettings: { method: 'GET', path: '/Sso' },
  updateSsoSettings: { method: 'PUT', path: '/Sso' },
  testSso: { method: 'POST', path: '/Sso/test' },
} as const satisfies Record<string, Route>;

/** Every address: the probes, the sign-in ones (auth-routes.ts) and the rest. Pure, so a bundle that uses none drops it. */
export const ROUTES = /* @__PURE__ */ Object.assign({}, PROBES, { ...AUTH_ROUTES, ...PASSKEY_ROUTES }, BUSINESS_ROUTES);

export type RouteName = keyof typeof ROUTES;
