import type { ApiKeyScope } from './api-keys';
import { PAGES } from './pages';
import type { Role } from './roles';

const ANY_ROLE = ['SuperAdmin', 'Admin', 'Auditor', 'User'] as const satisfies readonly Role[];

/**
 * The one table of who may do what (docs/product.md, "Who uses it"). The server's route guards read it (a route
 * names one permission; deny by default) and so do the web app's routes and sidebar.
 */
export const PERMISSIONS = {
  /** Own profile, session, password, EULA. */
  'self:read': ANY_ROLE,
  'dashboard:read': ANY_ROLE,
  'allocations:read': ANY_ROLE,
  'movements:read': ANY_ROLE,
  'reports:read': ANY_ROLE,
  'child-accounts:read': ['SuperAdmin', 'Admin', 'Auditor'],
  'child-accounts:write': ['SuperAdmin', 'Admin'],
  'pools:read': ['SuperAdmin', 'Admin', 'Auditor'],
  'pools:write': ['SuperAdmin', 'Admin'],
  'licenses:read': ['SuperAdmin', 'Admin', 'Auditor'],
  'licenses:create': ['SuperAdmin', 'Admin'],
  /** The lots an Admin holds and can issue a new lot from (decision 029). */
  'licenses:issue-held': ['Admin'],
  'allocations:write': ['SuperAdmin', 'Admin'],
  'accounts:read-all': ['SuperAdmin'],
  'usage-report:read': ['SuperAdmin'],
  /** The audit trail: a SuperAdmin's is everything, an Admin's or Auditor's their organisation's. */
  'audit:read': ['SuperAdmin', 'Admin', 'Auditor'],
  /** Own expiry and low-stock alert settings (decision 027): an Admin's pools are what they watch. */
  'alerts:manage': ['Admin'],
  /** The license forecast before a job (decision 028): the roles that run migrations. */
  'forecast:read': ['Admin', 'User'],
  /** The migration agent's calls: accounts that hold stock and run migrations. */
  'agent:write': ['Admin', 'User'],
  /** Accepting a mailbox's skipped items, which turns it complete with accepted skips (decision 044). */
  'reports:accept-skips': ['Admin'],
  /** Releasing a machine name from the computer it is bound to (decision 030). */
  'machines:manage': ['Admin'],
  /** Own API keys; an Admin also sees and revokes those of the accounts in its scope (decision 032). */
  'api-keys:manage': ['Admin', 'User'],
  /** The webhooks of the Admin's organisation (decision 033). */
  'webhooks:manage': ['Admin'],
  /** The organisation's MFA policy (decision 036): read by its Admins, changed by the one at the top. */
  'organisation-security:manage': ['Admin'],
  /** The organisation's single sign-on (decision 038): Admins, and of those only the top one (checked by the route). */
  'sso:manage': ['Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * The permissions that only read: every other one changes something. "The Auditor changes
 * nothing" (docs/product.md, "Who uses it") holds for any account that has the Auditor role, whatever other role
 * it also has: it is granted none of the others, and a permission added later is a write until it
 * is listed here. (Its own profile, password and EULA are `self:read` routes, which every role has.)
 */
export const READ_PERMISSIONS = [
  'self:read',
  'dashboard:read',
  'allocations:read',
  'movements:read',
  'reports:read',
  'child-accounts:read',
  'pools:read',
  'licenses:read',
  'accounts:read-all',
  'usage-report:read',
  'audit:read',
  'forecast:read',
] as const satisfies readonly Permission[];

const READS: ReadonlySet<Permission> = new Set(READ_PERMISSIONS);

export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  if (!READS.has(permission) && roles.includes('Auditor')) return false;
  const allowed: readonly string[] = PERMISSIONS[permission];
  return roles.some((role) => allowed.includes(role));
}

/**
 * The scope an API key needs for a route of this permission, or null: no key may call it, whatever
 * its owner's role (decision 032). `agent` opens the migration tool's calls; `read` every read but
 * the caller's own profile, password and EULA. Keys never reach account, password, 2FA, key or
 * webhook management: those permissions are writes or `self:read`.
 */
export function keyScopeOf(permission: Permission): ApiKeyScope | null {
  if (permission === 'agent:write') return 'agent';
  if (READS.has(permission) && permission !== 'self:read') return 'read';
  return null;
}

/**
 * Pages of the web app that only some roles may open (docs/product.md, "Screens and routes": "Admin or Auditor only",
 * "SuperAdmin only"). Any other signed-in page is open to every role. Others are sent to `/`.
 */
export const PAGE_ROLES = {
  [PAGES.licenses]: ['Admin', 'Auditor'],
  // Before the Users page: the first page a path falls under decides (lib/page-access.ts).
  [PAGES.importUsers]: ['Admin'],
  [PAGES.childAccounts]: ['Admin', 'Auditor'],
  [PAGES.licensePools]: ['Admin', 'Auditor'],
  [PAGES.allAccounts]: ['SuperAdmin'],
  [PAGES.licenseUsageReport]: ['SuperAdmin'],
  [PAGES.auditTrail]: ['SuperAdmin', 'Admin', 'Auditor'],
  [PAGES.alertSettings]: ['Admin'],
  [PAGES.licenseForecast]: ['Admin', 'User'],
  [PAGES.apiKeys]: ['Admin', 'User'],
  [PAGES.webhooks]: ['Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type RestrictedPage = keyof typeof PAGE_ROLES;

export function canOpenPage(roles: readonly string[], page: RestrictedPage): boolean {
  const allowed: readonly string[] = PAGE_ROLES[page];
  return roles.some((role) => allowed.includes(role));
}

/** Where a role lands after signing in: a SuperAdmin only has the usage report. */
export function isSuperAdmin(roles: readonly string[]): boolean {
  return roles.includes('SuperAdmin');
}
