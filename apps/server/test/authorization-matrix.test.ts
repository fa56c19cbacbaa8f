import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/core/api-keys';
import { organisationSecurity } from '../src/db/schema';
import { agentCaller, startJob, startMailbox } from '../src/modules/agent';
import { drawingPoolOf } from '../src/modules/stock';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from './helper';
import { acceptEula, addAccount, addSharedPool, idOf } from './fixtures';
import { addJob, addMachine } from './report-fixtures';
import { issueFromDemoSuperAdmin, MBX30 } from './stock-fixtures';
import { assertionOf, newSoftPasskey, registrationOf } from './soft-authenticator';

/**
 * Every API route against every kind of caller, with the exact status expected. The
 * test walks the server's own route table: a new route without a row here fails it.
 */
const PRINCIPALS = [
  'anonymous',
  'invalidToken',
  'pendingTwoFactor',
  'pendingPasswordChange',
  // The set-up of a second factor that an organisation's MFA policy asks for (decision 036).
  'pendingMfaSetup',
  'eulaNotAccepted',
  'user',
  'auditor',
  'admin',
  'childAdmin',
  'otherOrgAdmin',
  'superAdmin',
  // API keys of the demo Admin's (decision 032): each reaches only the routes of its scope.
  'adminAgentKey',
  'adminReadKey',
] as const;
type Principal = (typeof PRINCIPALS)[number];
type Expected = Record<Principal, number>;

interface Ids {
  target: string;
  adminPool: string;
  /** A migration job of the demo Admin's. */
  job: string;
  /** The machine of that job (MATRIX-01). */
  machine: string;
  /** A job and a mailbox the demo Admin's migration agent started. */
  agentJob: string;
  agentMailbox: string;
  /** The demo Admin's own Default pool: the pool it draws from (the forecast row). */
  adminDefaultPool: string;
  /** An API key of `target`, an account below the demo Admin. */
  targetKey: string;
  /** The demo Admin's webhook and one of its deliveries. */
  webhook: string;
  webhookDelivery: string;
  /** A lot the demo SuperAdmin issued to the demo Admin (the license trace, decision 046). */
  adminLot: string;
  /** A user import the demo Admin uploaded (decision 047). */
  accountImport: string;
  /** A bulk change the demo Admin started (decision 049): a role change, which has no undo. */
  bulk: string;
  /** A view of the Users list the demo Admin saved and shared with its organisation (decision 050). */
  view: string;
}
interface Row {
  request: (p: Principal, ids: Ids, token: string) => { url?: string; payload?: unknown };
  expect: Expected;
}

const all = (status: number): Expected => Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Expected;
/** A signed-in call: no API key may make it (the own profile, password and EULA, key management). */
const signedIn = (ok: number, overrides: Partial<Expected> = {}): Expected => ({
  ...all(ok),
  anonymous: 401,
  invalidToken: 401,
  pendingTwoFactor: 401,
  pendingPasswordChange: 401,
  pendingMfaSetup: 401,
  adminAgentKey: 403,
  adminReadKey: 403,
  ...overrides,
});
/** A read: the Admin's `read` key answers as the Admin does. */
const readable = (expected: Expected): Expected => ({ ...expected, adminReadKey: expected.admin });
/** The migration tool's call: the Admin's `agent` key answers as the Admin does. */
const agentCallable = (expected: Expected): Expected => ({ ...expected, adminAgentKey: expected.admin });
/** A business call: EULA first, then the role table, then the scope of the ids. */
const business = (byRole: Partial<Expected>): Expected => signedIn(403, { eulaNotAccepted: 403, ...byRole });
const ownChildWrite = business({ admin: 200, superAdmin: 200, childAdmin: 404, otherOrgAdmin: 404 });
const everyRole: Partial<Expected> = {
  user: 200,
  auditor: 200,
  admin: 200,
  childAdmin: 200,
  otherOrgAdmin: 200,
  superAdmin: 200,
};
/** A read of something in the demo Admin's organisation: its Admin, its Auditor and the SuperAdmin. */
const inAdminsScope = business({
  user: 404,
  auditor: 200,
  admin: 200,
  childAdmin: 404,
  otherOrgAdmin: 404,
  superAdmin: 200,
});
/** The group of the lot the demo Admin is issued for the allocation rows. */

/** A call on the demo Admin's user import: only the Admin who uploaded it sees it. */
const ownImport = business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 404 });
/** A bulk change (decision 049): seen by the Admin who started it only. */
const ownBulk = (adminStatus: number) =>
  business({ admin: adminStatus, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 404 });
/** A call on the demo Admin's webhook: only the demo Admin manages it (its child Admin does not). */
const adminsWebhook = business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404 });
/** Single sign-on's settings: Admins at the top of their organisation only (a child Admin is refused). */
const topAdmins = (status: number) => business({ admin: status, otherOrgAdmin: status, childAdmin: 403 });
/** An agent call on the demo Admin's own job or mailbox: anyone else's agent gets a 404. */
const ownAgentCall = business({ user: 404, admin: 200, childAdmin: 404, otherOrgAdmin: 404 });
const MATRIX_MAILBOX = {
  sourceMailbox: 'matrix@source.example',
  sourceType: 'Exchange',
  targetMailbox: 'matrix@target.example',
  destinationType: 'Microsoft 365',
};

const NO_PASSKEY = '00000000-0000-4000-8000-000000000000';

const ROWS: Record<string, Row> = {
  'GET /api/health': { request: () => ({}), expect: all(200) },
  'GET /api/ready': { request: () => ({}), expect: all(200) },
  'POST /api/User/login': {
    request: (p) => ({ payload: { email: `login-${p}@example.com`, password: 'not the password' } }),
    expect: all(400),
  },
  'GET /api/User/password-requirements': { request: () => ({}), expect: all(200) },
  'POST /api/User/forgot-password': {
    request: (p) => ({ payload: { email: `forgot-${p}@example.com` } }),
    expect: all(200),
  },
  'POST /api/User/reset-password': {
    request: () => ({
      payload: {
        token: 'x'.repeat(43),
        email: 'admin@example.com',
        newPassword: 'new passphrase 2026',
        confirmPassword: 'new passphrase 2026',
      },
    }),
    expect: all(400),
  },
  'GET /api/User/confirm-email': {
    request: () => ({ url: '/api/User/confirm-email?token=unknown-token-value' }),
    expect: all(303),
  },
  'POST /api/User/confirm-email': {
    request: () => ({ payload: { token: 'unknown-token-value' } }),
    expect: all(400),
  },
  'POST /api/User/validate-2fa': {
    request: (_p, _ids, token) => ({ payload: { token: token || 'x'.repeat(43), twoFactorCode: 'ZZZZZZ2' } }),
    expect: { ...all(401), pendingTwoFactor: 400 },
  },
  'POST /api/User/resend-2fa': { request: () => ({}), expect: { ...all(401), pendingTwoFactor: 200 } },
  'GET /api/User/me': { request: () => ({}), expect: signedIn(200) },
  'GET /api/User/eula': { request: () => ({}), expect: signedIn(200) },
  'POST /api/User/decline-eula': { request: () => ({}), expect: signedIn(200) },
  'POST /api/User/change-password': {
    request: () => ({
      payload: {
        oldPassword: 'not the old one',
        newPassword: 'new passphrase 2026',
        confirmPassword: 'new passphrase 2026',
      },
    }),
    expect: signedIn(400, { pendingPasswordChange: 400 }),
  },
  // The own second factors (decision 035), in this order: a set-up waits for its first code, so
  // a wrong code is a 400 on confirm, and removing or renewing with no app set up is a 409.
  // The MFA policy's set-up reaches the status, the set-up and its confirmation (decision 036).
  'GET /api/User/mfa': { request: () => ({}), expect: signedIn(200, { pendingMfaSetup: 200 }) },
  'POST /api/User/mfa/totp': { request: () => ({}), expect: signedIn(200, { pendingMfaSetup: 200 }) },
  'POST /api/User/mfa/totp/confirm': {
    request: () => ({ payload: { code: '000000' } }),
    expect: signedIn(400, { pendingMfaSetup: 400 }),
  },
  'GET /api/Organisation/mfa-policy': {
    request: () => ({}),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  // Only the Admin at the top of an organisation sets its policy.
  'PUT /api/Organisation/mfa-policy': {
    request: () => ({ payload: { policy: 'optional' } }),
    expect: business({ admin: 200, otherOrgAdmin: 200 }),
  },
  'POST /api/User/reset-child-mfa': {
    request: (_p, ids) => ({ payload: { childId: ids.target } }),
    expect: ownChildWrite,
  },
  'DELETE /api/User/mfa/totp': { request: () => ({ payload: { code: '000000' } }), expect: signedIn(409) },
  'POST /api/User/mfa/recovery-codes': { request: () => ({ payload: { code: '000000' } }), expect: signedIn(409) },
  // Passkeys (decision 037): an answer to no challenge of this session is a 400; another's id a 404.
  // Adding one is also the MFA policy's set-up (decision 036).
  'POST /api/User/mfa/passkeys/options': { request: () => ({}), expect: signedIn(200, { pendingMfaSetup: 200 }) },
  'POST /api/User/mfa/passkeys': {
    request: () => ({ payload: { name: 'Matrix', response: registrationOf(newSoftPasskey(), { challenge: 'none' }) } }),
    expect: signedIn(400, { pendingMfaSetup: 400 }),
  },
  'PATCH /api/User/mfa/passkeys/:id': {
    request: () => ({ url: `/api/User/mfa/passkeys/${NO_PASSKEY}`, payload: { name: 'Matrix' } }),
    expect: signedIn(404),
  },
  'DELETE /api/User/mfa/passkeys/:id': {
    request: () => ({ url: `/api/User/mfa/passkeys/${NO_PASSKEY}` }),
    expect: signedIn(404),
  },
  // secure@, the pending sign-in, has no passkey.
  'POST /api/User/passkey/challenge': { request: () => ({}), expect: { ...all(401), pendingTwoFactor: 400 } },
  'POST /api/User/passkey/login-options': { request: () => ({}), expect: all(200) },
  'POST /api/User/passkey/login': {
    request: () => ({
      payload: { challengeId: NO_PASSKEY, response: assertionOf(newSoftPasskey(), { challenge: 'none' }) },
    }),
    expect: all(400),
  },
  'GET /api/User/child-accounts': {
    request: () => ({}),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  // The allocate dialog's list: a write permission's read, closed to keys.
  'GET /api/User/child-accounts-without-licenses': {
    request: () => ({}),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 }),
  },
  'GET /api/User/child-accounts/export': {
    request: () => ({}),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'GET /api/User/accounts': { request: () => ({}), expect: readable(business({ superAdmin: 200 })) },
  'GET /api/User/accounts/export': { request: () => ({}), expect: readable(business({ superAdmin: 200 })) },
  'POST /api/User/create-child-account': {
    request: (p, ids) => ({
      payload: { name: `New ${p}`, email: `new-${p}@example.com`, roles: 'User', licensePoolId: ids.adminPool },
    }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 404 }),
  },
  // The command palette's search (decision 048): everyone, each in its own scope; a read key too.
  'GET /api/Search': {
    request: () => ({ url: '/api/Search?q=a' }),
    expect: readable(
      business({ user: 200, auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 }),
    ),
  },
  // The user import (decision 047): an Admin's own; nobody else sees one, keys never.
  'GET /api/User/imports': {
    request: () => ({}),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 }),
  },
  'POST /api/User/imports': {
    request: (p) => ({ payload: { fileName: `${p}.csv`, csv: `Name,Email\nNew ${p},import-${p}@example.com` } }),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 }),
  },
  'GET /api/User/imports/:id': {
    request: (_p, ids) => ({ url: `/api/User/imports/${ids.accountImport}` }),
    expect: ownImport,
  },
  'GET /api/User/imports/:id/rows': {
    request: (_p, ids) => ({ url: `/api/User/imports/${ids.accountImport}/rows` }),
    expect: ownImport,
  },
  'POST /api/User/imports/:id/apply': {
    request: (_p, ids) => ({ url: `/api/User/imports/${ids.accountImport}/apply` }),
    expect: ownImport,
  },
  'GET /api/User/imports/:id/result': {
    request: (_p, ids) => ({ url: `/api/User/imports/${ids.accountImport}/result` }),
    expect: ownImport,
  },
  // Bulk changes (decision 049): writers of accounts; ids outside the caller's lists are a 400.
  'GET /api/Bulk': {
    request: () => ({}),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 }),
  },
  'POST /api/Bulk': {
    request: (_p, ids) => ({
      payload: { targetType: 'User', ids: [ids.target], action: { kind: 'role', role: 'User' } },
    }),
    expect: business({ admin: 200, childAdmin: 400, otherOrgAdmin: 400, superAdmin: 200 }),
  },
  'GET /api/Bulk/:id': {
    request: (_p, ids) => ({ url: `/api/Bulk/${ids.bulk}` }),
    expect: ownBulk(200),
  },
  'GET /api/Bulk/:id/rows': {
    request: (_p, ids) => ({ url: `/api/Bulk/${ids.bulk}/rows` }),
    expect: ownBulk(200),
  },
  'POST /api/Bulk/:id/undo': {
    request: (_p, ids) => ({ url: `/api/Bulk/${ids.bulk}/undo` }),
    expect: ownBulk(400),
  },
  // The person's time zone (decision 051): every signed-in role, no API key.
  'PUT /api/User/time-zone': {
    request: () => ({ payload: { timeZone: 'Europe/Berlin' } }),
    expect: signedIn(200, { eulaNotAccepted: 403 }),
  },
  // The person's language (decision 052): every signed-in role, no API key.
  'PUT /api/User/language': {
    request: () => ({ payload: { locale: 'de' } }),
    expect: signedIn(200, { eulaNotAccepted: 403 }),
  },
  // Saved views (decision 050): a person's own, as the profile is; the Auditor too, no API key.
  'GET /api/SavedViews': { request: () => ({}), expect: signedIn(200, { eulaNotAccepted: 403 }) },
  'POST /api/SavedViews': {
    request: (p) => ({ payload: { name: `Matrix ${p} ${Math.random()}`, page: '/reports/jobs', query: 'filter=x' } }),
    expect: signedIn(200, { eulaNotAccepted: 403 }),
  },
  // The demo Admin's shared view of the Users list: its organisation's Admins and Auditor see it (403 to
  // change it); a User, who cannot open that list, and anyone else get 404.
  'PUT /api/SavedViews/:id': {
    request: (_p, ids) => ({ url: `/api/SavedViews/${ids.view}`, payload: { shared: true } }),
    expect: signedIn(404, { eulaNotAccepted: 403, auditor: 403, admin: 200, childAdmin: 403 }),
  },
  'PUT /api/SavedViews/:id/pin': {
    request: (_p, ids) => ({ url: `/api/SavedViews/${ids.view}/pin`, payload: { pinned: true } }),
    expect: signedIn(404, { eulaNotAccepted: 403, auditor: 200, admin: 200, childAdmin: 200 }),
  },
  // After the demo Admin deleted it, nobody finds it.
  'DELETE /api/SavedViews/:id': {
    request: (_p, ids) => ({ url: `/api/SavedViews/${ids.view}` }),
    expect: signedIn(404, { eulaNotAccepted: 403, auditor: 403, admin: 200 }),
  },
  'POST /api/User/update-pool': {
    request: (_p, ids) => ({ payload: { userId: ids.target, licensePoolId: null } }),
    expect: ownChildWrite,
  },
  'POST /api/User/update-roles': {
    request: (_p, ids) => ({ payload: { userId: ids.target, roles: ['User'] } }),
    expect: ownChildWrite,
  },
  'POST /api/User/toggle-child-status': {
    request: (_p, ids) => ({ payload: { childId: ids.target, active: true } }),
    expect: ownChildWrite,
  },
  'POST /api/User/set-child-password': {
    request: (_p, ids) => ({
      payload: { childId: ids.target, newPassword: 'matrix passphrase 2026', forcePasswordChangeOnLogin: false },
    }),
    expect: ownChildWrite,
  },
  'PUT /api/User/update-email': {
    request: (_p, ids) => ({
      payload: { userId: ids.target, newEmail: 'target@example.com', newAccountName: 'Target' },
    }),
    expect: ownChildWrite,
  },
  'GET /api/LicensePool': {
    request: () => ({ url: '/api/LicensePool?poolType=Pool&pageNumber=1&pageSize=2000' }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'GET /api/LicensePool/export': {
    request: () => ({ url: '/api/LicensePool/export?poolType=Pool&search=pool' }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'POST /api/LicensePool': {
    request: (p) => ({
      url: '/api/LicensePool?poolType=Pool',
      payload: { name: `Pool of ${p}`, description: 'matrix' },
    }),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 }),
  },
  'GET /api/LicensePool/:poolId/users': {
    request: (_p, ids) => ({ url: `/api/LicensePool/${ids.adminPool}/users` }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 200 })),
  },
  'POST /api/LicensePool/manage-accounts': {
    request: (_p, ids) => ({
      payload: { poolId: ids.adminPool, addUserIds: [ids.target], removeUserIds: [], allowPartialAssignment: true },
    }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 200 }),
  },
  'GET /api/License': {
    request: () => ({ url: '/api/License?pageNumber=1&pageSize=50&status=Active' }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'GET /api/License/export': {
    request: () => ({ url: '/api/License/export?status=Active' }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'POST /api/License': {
    // admin@ hands on one unit of its seeded stock; the SuperAdmin issues a new lot; the other Admins hold none.
    request: (p) => ({
      payload: {
        productCode: 'MBX',
        licenseTypeName: 'Standard',
        durationType: 'Perpetual',
        usageType: 'NodeLockedForever',
        customerEmail: `license-${p}@example.com`,
        customerName: `Customer ${p}`,
        // Not before the held lot it is drawn from (decision 029): the test clock's today.
        startDate: '2026-11-21T09:00:00.000Z',
        totalCount: 1,
      },
    }),
    expect: business({ admin: 200, childAdmin: 409, otherOrgAdmin: 409, superAdmin: 200 }),
  },
  'GET /api/License/issuable': {
    request: () => ({}),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  'GET /api/License/products': {
    request: () => ({}),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'GET /api/LicenseUsageReport': {
    request: () => ({ url: '/api/LicenseUsageReport?pageNumber=1&pageSize=125&filters=productCode:MBX' }),
    expect: readable(business({ superAdmin: 200 })),
  },
  'GET /api/LicenseUsageReport/export': {
    request: () => ({ url: '/api/LicenseUsageReport/export?filters=productCode:MBX' }),
    expect: readable(business({ superAdmin: 200 })),
  },
  'GET /api/LicensePool/user-allocation-hierarchy': { request: () => ({}), expect: readable(business(everyRole)) },
  'GET /api/LicensePool/user-allocation-hierarchy/export': {
    request: () => ({ url: '/api/LicensePool/user-allocation-hierarchy/export?section=users' }),
    expect: readable(business(everyRole)),
  },
  'GET /api/LicenseAllocation/export': { request: () => ({}), expect: readable(business(everyRole)) },
  'GET /api/LicenseAllocation/available-summary': { request: () => ({}), expect: readable(business(everyRole)) },
  'GET /api/LicenseAllocation/user-summary': {
    request: () => ({ url: '/api/LicenseAllocation/user-summary?fetchType=self&pageNumber=1&pageSize=10' }),
    expect: readable(business(everyRole)),
  },
  'GET /api/LicenseAllocation/user-summary/:childId': {
    request: (_p, ids) => ({ url: `/api/LicenseAllocation/user-summary/${ids.target}` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/LicenseAllocation/pool-summary': {
    request: (_p, ids) => ({ url: `/api/LicenseAllocation/pool-summary?poolId=${ids.adminPool}` }),
    expect: readable(inAdminsScope),
  },
  'POST /api/LicenseAllocation/allocate': {
    request: (_p, ids) => ({
      payload: {
        targetId: ids.target,
        isUser: true,
        productAllocations: [{ groupKey: MBX30, productCode: 'MBX', quantity: 1 }],
      },
    }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 404 }),
  },
  'POST /api/LicenseAllocation/revoke': {
    request: (_p, ids) => ({
      url: '/api/LicenseAllocation/revoke?allowPartialRevocation=true',
      payload: {
        targetId: ids.target,
        isUser: true,
        productAllocations: [{ groupKey: MBX30, productCode: 'MBX', quantity: 1 }],
      },
    }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404, superAdmin: 404 }),
  },
  'POST /api/Report': { request: () => ({ payload: { viewType: 'Job' } }), expect: readable(business(everyRole)) },
  'GET /api/report/job/:jobId/pdf': {
    request: (_p, ids) => ({ url: `/api/report/job/${ids.job}/pdf` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/report/mailbox/:mailboxId/pdf': {
    request: (_p, ids) => ({ url: `/api/report/mailbox/${ids.agentMailbox}/pdf` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/Report/job/:jobId/items-timeline': {
    request: (_p, ids) => ({ url: `/api/Report/job/${ids.job}/items-timeline` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/Report/machine/export': { request: () => ({}), expect: readable(business(everyRole)) },
  'GET /api/Report/user/export': { request: () => ({}), expect: readable(business(everyRole)) },
  'GET /api/Report/job/export': {
    request: () => ({ url: '/api/Report/job/export?machineName=MATRIX-01' }),
    expect: readable(business(everyRole)),
  },
  'GET /api/Report/job/:jobId/mailboxes/export': {
    request: (_p, ids) => ({ url: `/api/Report/job/${ids.job}/mailboxes/export` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/Report/mailbox/:mailboxId/folders/export': {
    request: (_p, ids) => ({ url: `/api/Report/mailbox/${ids.agentMailbox}/folders/export` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/Report/mailbox/:mailboxId/license-trace': {
    request: (_p, ids) => ({ url: `/api/Report/mailbox/${ids.agentMailbox}/license-trace` }),
    expect: readable(inAdminsScope),
  },
  'GET /api/License/:licenseId/consumption': {
    request: (_p, ids) => ({ url: `/api/License/${ids.adminLot}/consumption?pageSize=10` }),
    expect: readable({ ...inAdminsScope, user: 403 }),
  },
  'GET /api/License/:licenseId/consumption/export': {
    request: (_p, ids) => ({ url: `/api/License/${ids.adminLot}/consumption/export` }),
    expect: readable({ ...inAdminsScope, user: 403 }),
  },
  // Admins only (decision 044); the matrix's mailbox skipped nothing: its Admin is told so (409).
  'POST /api/Report/mailbox/:mailboxId/accept-skips': {
    request: (_p, ids) => ({ url: `/api/Report/mailbox/${ids.agentMailbox}/accept-skips` }),
    expect: business({ admin: 409, childAdmin: 404, otherOrgAdmin: 404 }),
  },
  'GET /api/LicenseMovement': {
    request: () => ({ url: '/api/LicenseMovement?pageNumber=1&pageSize=100' }),
    expect: readable(business(everyRole)),
  },
  'GET /api/LicenseMovement/export': { request: () => ({}), expect: readable(business(everyRole)) },
  'GET /api/LicenseMovement/consumption': {
    request: () => ({ url: '/api/LicenseMovement/consumption?days=90' }),
    expect: readable(business(everyRole)),
  },
  'GET /api/Audit': {
    request: () => ({ url: '/api/Audit?pageNumber=1&pageSize=20&action=account.roles' }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  'GET /api/Audit/export': {
    request: () => ({ url: '/api/Audit/export?action=data.export' }),
    expect: readable(business({ auditor: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200, superAdmin: 200 })),
  },
  // Each Admin reads and writes its own alert settings; no id to be out of scope.
  'GET /api/Alerts/settings': {
    request: () => ({}),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  'PUT /api/Alerts/settings': {
    request: () => ({ payload: { expiryWindowDays: 30, thresholds: [{ productCode: 'MBX', threshold: 5 }] } }),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  'GET /api/Forecast/options': {
    request: () => ({}),
    expect: readable(business({ user: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200 })),
  },
  'POST /api/Forecast': {
    request: (_p, ids) => ({ payload: { poolId: ids.adminDefaultPool, items: [{ product: 'MBX', mailboxes: 1 }] } }),
    expect: readable(business({ user: 404, admin: 200, childAdmin: 404, otherOrgAdmin: 404 })),
  },
  'POST /api/Agent/machines': {
    request: (p) => ({ payload: { name: `matrix-${p}` } }),
    expect: agentCallable(business({ user: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200 })),
  },
  'POST /api/Agent/jobs': {
    request: (p) => ({ payload: { machineName: `matrix-${p}`, clientKey: p, name: 'Matrix', productCode: 'MBX' } }),
    expect: agentCallable(business({ user: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200 })),
  },
  'POST /api/Agent/jobs/:jobId/mailboxes': {
    request: (_p, ids) => ({ url: `/api/Agent/jobs/${ids.agentJob}/mailboxes`, payload: MATRIX_MAILBOX }),
    expect: agentCallable(ownAgentCall),
  },
  'POST /api/Agent/mailboxes/:mailboxId/progress': {
    request: (_p, ids) => ({ url: `/api/Agent/mailboxes/${ids.agentMailbox}/progress`, payload: { folders: [] } }),
    expect: agentCallable(ownAgentCall),
  },
  'POST /api/Agent/mailboxes/:mailboxId/complete': {
    request: (_p, ids) => ({
      url: `/api/Agent/mailboxes/${ids.agentMailbox}/complete`,
      payload: { status: 'Completed' },
    }),
    expect: agentCallable(ownAgentCall),
  },
  'POST /api/Agent/jobs/:jobId/complete': {
    request: (_p, ids) => ({ url: `/api/Agent/jobs/${ids.agentJob}/complete`, payload: {} }),
    expect: agentCallable(ownAgentCall),
  },
  'POST /api/Machine/release-binding': {
    request: () => ({ payload: { machineName: 'matrix-agent' } }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404 }),
  },
  // Decision 045: a machine's detail for readers of its organisation; block and unblock for its Admin.
  'GET /api/Machine/:machineId': {
    request: (_p, ids) => ({ url: `/api/Machine/${ids.machine}` }),
    expect: readable(inAdminsScope),
  },
  'POST /api/Machine/block': {
    request: () => ({ payload: { machineName: 'MATRIX-01' } }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404 }),
  },
  'POST /api/Machine/unblock': {
    request: () => ({ payload: { machineName: 'MATRIX-01' } }),
    expect: business({ admin: 200, childAdmin: 404, otherOrgAdmin: 404 }),
  },
  'GET /api/ApiKey': {
    request: () => ({ url: '/api/ApiKey?mine=true&search=key' }),
    expect: business({ user: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  'POST /api/ApiKey': {
    request: (p) => ({ payload: { name: `Key of ${p}`, scopes: ['read'], expiresInDays: 30 } }),
    expect: business({ user: 200, admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  // A key of an account below the demo Admin: its Admin revokes it (once); no one else sees it.
  'DELETE /api/ApiKey/:id': {
    request: (_p, ids) => ({ url: `/api/ApiKey/${ids.targetKey}` }),
    expect: business({ user: 404, admin: 200, childAdmin: 404, otherOrgAdmin: 404 }),
  },
  // Webhooks: the Admins' only; the demo Admin's endpoint is out of reach of everyone else.
  'GET /api/Webhook': { request: () => ({}), expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200 }) },
  'POST /api/Webhook': {
    request: () => ({ payload: { url: 'http://127.0.0.1:9/matrix', events: ['license.issued'] } }),
    expect: business({ admin: 200, childAdmin: 200, otherOrgAdmin: 200 }),
  },
  'POST /api/Webhook/:id/test': {
    request: (_p, ids) => ({ url: `/api/Webhook/${ids.webhook}/test` }),
    expect: adminsWebhook,
  },
  'POST /api/Webhook/:id/rotate-secret': {
    request: (_p, ids) => ({ url: `/api/Webhook/${ids.webhook}/rotate-secret` }),
    expect: adminsWebhook,
  },
  'POST /api/Webhook/:id/enable': {
    request: (_p, ids) => ({ url: `/api/Webhook/${ids.webhook}/enable` }),
    expect: adminsWebhook,
  },
  'GET /api/Webhook/:id/deliveries': {
    request: (_p, ids) => ({ url: `/api/Webhook/${ids.webhook}/deliveries?status=Pending` }),
    expect: adminsWebhook,
  },
  'POST /api/Webhook/:id/deliveries/:deliveryId/resend': {
    request: (_p, ids) => ({ url: `/api/Webhook/${ids.webhook}/deliveries/${ids.webhookDelivery}/resend` }),
    expect: adminsWebhook,
  },
  'DELETE /api/Webhook/:id': {
    request: (_p, ids) => ({ url: `/api/Webhook/${ids.webhook}` }),
    expect: adminsWebhook,
  },
  // Single sign-on (decision 038): the top Admins' settings; the browser's start and return are public.
  'GET /api/Sso': { request: () => ({}), expect: topAdmins(200) },
  'PUT /api/Sso': {
    // Enforced without a break-glass Admin: refused after the guard, so nothing changes.
    request: () => ({
      payload: {
        issuer: 'https://idp.matrix.example',
        clientId: 'matrix',
        domains: ['matrix-sso.example'],
        enforced: true,
      },
    }),
    expect: topAdmins(400),
  },
  'POST /api/Sso/test': { request: () => ({ payload: { issuer: 'https://127.0.0.1:9' } }), expect: topAdmins(200) },
  'GET /api/Sso/start': {
    request: () => ({ url: '/api/Sso/start?email=someone@nobody-owns.example' }),
    expect: all(302),
  },
  'GET /api/Sso/callback': { request: () => ({ url: '/api/Sso/callback?code=x&state=unknown' }), expect: all(302) },
  'POST /api/Sso/exchange': { request: () => ({ payload: { code: 'unknown-code' } }), expect: all(400) },
  // State-changing for the caller: run last.
  'POST /api/User/accept-eula': { request: () => ({}), expect: signedIn(200) },
  'POST /api/User/logout': {
    request: () => ({}),
    expect: { ...signedIn(200), pendingTwoFactor: 200, pendingPasswordChange: 200, pendingMfaSetup: 200 },
  },
};

let ctx: TestContext;
let ids: Ids;
const tokens = {} as Record<Principal, string>;

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const db = ctx.handle.db;
  const admin = await idOf(db, 'admin@example.com');
  await acceptEula(db, ['superadmin@example.com', 'admin@example.com', 'auditor@example.com', 'user@example.com']);
  const childAdmin = await addAccount(db, { email: 'child.admin@example.com', roles: ['Admin'], parentId: admin });
  await addAccount(db, { email: 'grandchild@example.com', roles: ['User'], parentId: childAdmin });
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', roles: ['Admin'] });
  await addAccount(db, { email: 'other.user@example.com', roles: ['User'], parentId: otherAdmin });
  await addSharedPool(db, otherAdmin, 'Other pool');
  await addAccount(db, { email: 'no.eula@example.com', roles: ['Admin'], parentId: admin, eula: false });
  await addAccount(db, {
    email: 'must.change@example.com',
    roles: ['Admin'],
    parentId: admin,
    mustChangePassword: true,
  });
  // An organisation whose policy requires a factor: its User's sign-in opens only the set-up.
  const policyAdmin = await addAccount(db, { email: 'policy.admin@example.com', roles: ['Admin'] });
  await addAccount(db, { email: 'policy.user@example.com', roles: ['User'], parentId: policyAdmin });
  await db.insert(organisationSecurity).values({ tenantId: policyAdmin, mfaPolicy: 'required' });
  const agent = await agentCaller(db, admin, ctx.clock.now());
  // With its fingerprint: the machine binds a node-locked unit of admin@'s pool, which admin@ may release.
  const agentJob = await startJob(db, agent, {
    machineName: 'matrix-agent',
    clientKey: 'matrix',
    name: 'Matrix',
    productCode: 'MBX',
    fingerprint: 'fp-matrix-agent',
  });
  const agentMailbox = await startMailbox(db, agent, agentJob.jobId, MATRIX_MAILBOX);
  const machine = await addMachine(db, admin, 'MATRIX-01');
  ids = {
    machine,
    targetKey: '',
    webhook: '',
    webhookDelivery: '',
    adminLot: '',
    accountImport: '',
    bulk: '',
    view: '',
    agentJob: agentJob.jobId,
    agentMailbox: agentMailbox.mailboxId,
    adminDefaultPool: await drawingPoolOf(db, admin),
    target: await addAccount(db, { email: 'target@example.com', name: 'Target', roles: ['User'], parentId: admin }),
    adminPool: await addSharedPool(db, admin, 'Admin pool'),
    job: (
      await addJob(db, {
        machineId: machine,
        accountId: admin,
        name: 'Matrix wave',
        start: ctx.clock.now(),
        status: 'InProgress',
      })
    ).id,
  };
  // Stock of the admin's own, whatever the demo seed holds: the allocate row hands one unit on.
  ids.adminLot = (await issueFromDemoSuperAdmin(db, admin, ctx.clock.now())).licenseId;
  const login = async (email: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    return res.json().data.token as string;
  };
  tokens.anonymous = '';
  tokens.invalidToken = 'x'.repeat(43);
  tokens.pendingTwoFactor = await login('secure@example.com');
  tokens.pendingPasswordChange = await login('must.change@example.com');
  tokens.pendingMfaSetup = await login('policy.user@example.com');
  tokens.eulaNotAccepted = await login('no.eula@example.com');
  tokens.user = await login('user@example.com');
  tokens.auditor = await login('auditor@example.com');
  tokens.admin = await login('admin@example.com');
  tokens.childAdmin = await login('child.admin@example.com');
  tokens.otherOrgAdmin = await login('other.admin@example.com');
  tokens.superAdmin = await login('superadmin@example.com');
  const key = async (scopes: ('agent' | 'read')[], accountId = admin) =>
    createApiKey(db, {
      accountId,
      name: `Matrix ${scopes.join(' ')}`,
      scopes,
      expiresInDays: 30,
      now: ctx.clock.now(),
    });
  tokens.adminAgentKey = (await key(['agent'])).key;
  tokens.adminReadKey = (await key(['read'])).key;
  ids.targetKey = (await key(['read'], ids.target)).row.id;
  const hook = await ctx.app.inject({
    method: 'POST',
    url: '/api/Webhook',
    headers: bearer(tokens.admin),
    payload: { url: 'http://127.0.0.1:9/matrix-admin', events: ['license.allocated'] },
  });
  ids.webhook = hook.json<{ data: { id: string } }>().data.id;
  const test = await ctx.app.inject({
    method: 'POST',
    url: `/api/Webhook/${ids.webhook}/test`,
    headers: bearer(tokens.admin),
  });
  ids.webhookDelivery = test.json<{ data: { id: string } }>().data.id;
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/User/imports',
    headers: bearer(tokens.admin),
    payload: { fileName: 'matrix.csv', csv: 'Name,Email\nMatrix Import,matrix.import@example.com' },
  });
  ids.accountImport = upload.json<{ data: { id: string } }>().data.id;
  const bulk = await ctx.app.inject({
    method: 'POST',
    url: '/api/Bulk',
    headers: bearer(tokens.admin),
    payload: { targetType: 'User', ids: [ids.target], action: { kind: 'role', role: 'User' } },
  });
  ids.bulk = bulk.json<{ data: { id: string } }>().data.id;
  const view = await ctx.app.inject({
    method: 'POST',
    url: '/api/SavedViews',
    headers: bearer(tokens.admin),
    payload: { name: 'Matrix team', page: '/child-accounts', query: 'filter=matrix', shared: true },
  });
  ids.view = view.json<{ data: { id: string } }>().data.id;
  // Past the 30 s between 2FA resends.
  ctx.clock.advanceMinutes(1);
});
afterAll(() => ctx.close());

describe('the authorization matrix', () => {
  it('has a row for every API route of the server', () => {
    const routes = ctx.app.routeGuards
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((route) => !(route in ROWS));
    expect(missing).toEqual([]);
    expect(Object.keys(ROWS).filter((row) => !routes.includes(row))).toEqual([]);
  });

  // About 2,000 requests: more than the default 30 s on a loaded 2-core machine.
  it('answers each caller of each route with the expected status', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const [route, row] of Object.entries(ROWS)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const principal of PRINCIPALS) {
        const token = tokens[principal];
        const { url, payload } = row.request(principal, ids, token);
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: url ?? path,
          headers: token ? bearer(token) : {},
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        if (res.statusCode !== row.expect[principal]) {
          failures.push(
            `${route} as ${principal}: ${res.statusCode} (expected ${row.expect[principal]}) ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('finds each status it expects documented for its route in the OpenAPI document', () => {
    const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: object }>> };
    const undocumented = Object.entries(ROWS).flatMap(([route, row]) => {
      const [method, path] = route.split(' ') as [string, string];
      const responses = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.responses ?? {};
      const statuses = [...new Set(Object.values(row.expect))];
      return statuses.filter((status) => !(String(status) in responses)).map((status) => `${route} ${status}`);
    });
    expect(undocumented).toEqual([]);
  });
});
