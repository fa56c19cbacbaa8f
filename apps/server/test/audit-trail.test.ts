import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupKeyOf } from '@portal/contracts/licenses';
import { rowsOf } from '../src/db/rows';
import { createApiKey } from '../src/core/api-keys';
import { issueLot } from '../src/modules/stock';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from './helper';
import { acceptEula, addAccount, addSharedPool, idOf } from './fixtures';

interface Line {
  level: number;
  audit?: boolean;
  event?: string;
  outcome?: string;
  actor?: string;
  route?: string;
  status?: number;
  reason?: string;
}

let ctx: TestContext;
let admin: string;
let ids: { adminId: string; target: string; other: string; pool: string };

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  const db = ctx.handle.db;
  await acceptEula(db, ['admin@example.com', 'user@example.com']);
  const adminId = await idOf(db, 'admin@example.com');
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', roles: ['Admin'] });
  ids = {
    adminId,
    target: await addAccount(db, { email: 'target@example.com', roles: ['User'], parentId: adminId }),
    other: await addAccount(db, { email: 'other.user@example.com', roles: ['User'], parentId: otherAdmin }),
    pool: await addSharedPool(db, adminId, 'Audited pool'),
  };
  // Stock of the admin's own for the allocation calls, whatever the demo seed holds.
  await issueLot(db, {
    actorId: await idOf(db, 'superadmin@example.com'),
    customerId: adminId,
    lot: {
      productCode: 'MBX',
      licenseTypeName: 'Standard',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      startDate: ctx.clock.now().toISOString(),
      duration: 30,
      totalCount: 5,
    },
    now: ctx.clock.now(),
  });
  admin = await ctx.login('admin@example.com');
  // The rows an Apply queues are created in the background, with audit lines of their own that
  // would land in a later call's window: this test is about the calls' lines (the rows' are
  // account-import.test.ts's).
  await ctx.app.imports.stop();
  // The same for bulk changes (decision 049): the batches to undo below are changed here, by hand.
  await ctx.app.bulk.runner.stop();
  for (const _ of [1, 2]) {
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/Bulk',
      headers: bearer(admin),
      payload: {
        targetType: 'Pool',
        ids: [ids.pool],
        action: { kind: 'allocate', items: oneUnit().productAllocations },
      },
    });
    bulksToUndo.push(batch.json<{ data: { id: string } }>().data.id);
  }
  await ctx.app.bulk.drain();
  for (const n of [1, 2]) {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/imports',
      headers: bearer(admin),
      payload: { fileName: `audited-${n}.csv`, csv: `Name,Email\nAudited ${n},audited.apply-${n}@example.com` },
    });
    imports.push(upload.json<{ data: { id: string } }>().data.id);
  }
  const ended: unknown = await db.execute(sql`
    UPDATE mailboxes SET skipped_items = accepted_skipped_items + 2
    WHERE id IN (SELECT mb.id FROM mailboxes mb JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
                 WHERE j.account_id = ${adminId}::uuid AND mb.status = 'Completed' ORDER BY mb.id LIMIT 2)
    RETURNING id`);
  skipped.push(...rowsOf<{ id: string }>(ended).map((row) => row.id));
  for (const name of ['Audited revoke', 'Audited revoke again']) {
    const { row } = await createApiKey(db, {
      accountId: adminId,
      name,
      scopes: ['read'],
      expiresInDays: 9,
      now: ctx.clock.now(),
    });
    liveKeys.push(row.id);
  }
  const hook = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Webhook',
      headers: bearer(admin),
      payload: { url: 'http://127.0.0.1:9/audited-setup', events: ['license.issued'] },
    });
    return res.json<{ data: { id: string } }>().data.id;
  };
  hooks.id = await hook();
  hooks.deleted.push(await hook(), await hook());
  const test = await ctx.app.inject({ method: 'POST', url: `/api/Webhook/${hooks.id}/test`, headers: bearer(admin) });
  hooks.delivery = test.json<{ data: { id: string } }>().data.id;
});

const MBX30 = groupKeyOf({
  productCode: 'MBX',
  edition: 'Standard',
  durationType: 'Fixed',
  durationDays: 30,
  usageType: 'NodeLocked',
});
const oneUnit = () => ({
  targetId: ids.pool,
  isUser: false,
  productAllocations: [{ groupKey: MBX30, productCode: 'MBX', quantity: 1 }],
});
afterAll(() => ctx.close());

/** The audit lines a call wrote, and its answer. */
async function audited(method: Method, url: string, token: string | null, payload?: object) {
  const from = ctx.logs.length;
  const res = await ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });
  const lines = ctx.logs
    .slice(from)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.audit);
  return { status: res.statusCode, lines };
}

type Method = 'POST' | 'PUT' | 'DELETE';
/** Live API keys of admin@'s, one for each revocation below. */
const liveKeys: string[] = [];
/** The address of a call whose path names an id. */
const URLS: Record<string, () => string> = {
  'DELETE /api/ApiKey/:id': () => `/api/ApiKey/${liveKeys.shift() ?? 'none'}`,
  'POST /api/Webhook/:id/test': () => `/api/Webhook/${hooks.id}/test`,
  'POST /api/Webhook/:id/rotate-secret': () => `/api/Webhook/${hooks.id}/rotate-secret`,
  'POST /api/Webhook/:id/enable': () => `/api/Webhook/${hooks.id}/enable`,
  'POST /api/Webhook/:id/deliveries/:deliveryId/resend': () =>
    `/api/Webhook/${hooks.id}/deliveries/${hooks.delivery}/resend`,
  'DELETE /api/Webhook/:id': () => `/api/Webhook/${hooks.deleted.shift() ?? 'none'}`,
  'POST /api/User/imports/:id/apply': () => `/api/User/imports/${imports.shift() ?? 'none'}/apply`,
  'POST /api/Bulk/:id/undo': () => `/api/Bulk/${bulksToUndo.shift() ?? 'none'}/undo`,
  'POST /api/Report/mailbox/:mailboxId/accept-skips': () =>
    `/api/Report/mailbox/${skipped.shift() ?? 'none'}/accept-skips`,
};
/** Two applied bulk allocations of admin@'s, one for each Undo below (decision 049). */
const bulksToUndo: string[] = [];
/** Two checked user imports of admin@'s, one for each Apply below (decision 047). */
const imports: string[] = [];
/** Two ended mailboxes of admin@'s jobs with skipped items no one accepted yet (decision 044). */
const skipped: string[] = [];
/** A webhook of admin@'s for the calls on one, a delivery of it, and two more to delete. */
const hooks = { id: '', delivery: '', deleted: [] as string[] };
const urlOf = (route: string) => URLS[route]?.() ?? route.split(' ')[1]!;

/** Every call that changes an account, a pool or a role, with a valid request. */
const CHANGES: Record<string, () => object> = {
  'POST /api/User/create-child-account': () => ({ name: 'Audited', email: 'audited@example.com' }),
  'POST /api/User/update-pool': () => ({ userId: ids.target, licensePoolId: ids.pool }),
  'POST /api/User/update-roles': () => ({ userId: ids.target, roles: ['Auditor'] }),
  'POST /api/User/toggle-child-status': () => ({ childId: ids.target, active: true }),
  'POST /api/User/set-child-password': () => ({ childId: ids.target, generateSystemPassword: true }),
  'PUT /api/User/update-email': () => ({ userId: ids.target, newEmail: 'target@example.com', newAccountName: 'T' }),
  'POST /api/LicensePool': () => ({ name: 'Audited new pool', description: 'audit' }),
  'POST /api/LicensePool/manage-accounts': () => ({ poolId: ids.pool, removeUserIds: [ids.target] }),
  'POST /api/License': () => ({
    productCode: 'MBX',
    licenseTypeName: 'Standard',
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    customerEmail: 'audited.customer@example.com',
    customerName: 'Audited Customer',
    // Not before the held lot it is drawn from (decision 029): the test clock's today.
    startDate: '2026-11-21T09:00:00.000Z',
    totalCount: 1,
  }),
  'POST /api/LicenseAllocation/allocate': oneUnit,
  'POST /api/LicenseAllocation/revoke': oneUnit,
  'POST /api/Agent/machines': () => ({ name: 'AUDITED-01' }),
  // With a fingerprint: it binds a node-locked unit of admin@'s pool, which the release below frees.
  'POST /api/Agent/jobs': () => ({
    machineName: 'AUDITED-01',
    clientKey: 'audited',
    name: 'A',
    productCode: 'MBX',
    fingerprint: 'fp-audited-01',
  }),
  'POST /api/Machine/release-binding': () => ({ machineName: 'AUDITED-01' }),
  'POST /api/Machine/block': () => ({ machineName: 'AUDITED-01' }),
  'POST /api/Machine/unblock': () => ({ machineName: 'AUDITED-01' }),
  'POST /api/Report/mailbox/:mailboxId/accept-skips': () => ({}),
  'PUT /api/Alerts/settings': () => ({ expiryWindowDays: 45, thresholds: [{ productCode: 'MBX', threshold: 3 }] }),
  'POST /api/ApiKey': () => ({ name: 'Audited key', scopes: ['agent'] }),
  'DELETE /api/ApiKey/:id': () => ({}),
  'POST /api/Webhook': () => ({ url: 'http://127.0.0.1:9/audited', events: ['license.issued'] }),
  'POST /api/Webhook/:id/test': () => ({}),
  'POST /api/Webhook/:id/rotate-secret': () => ({}),
  'POST /api/Webhook/:id/enable': () => ({}),
  'POST /api/Webhook/:id/deliveries/:deliveryId/resend': () => ({}),
  'DELETE /api/Webhook/:id': () => ({}),
  'POST /api/User/reset-child-mfa': () => ({ childId: ids.target }),
  'POST /api/User/imports': () => ({
    fileName: 'audited.csv',
    csv: 'Name,Email\nAudited Import,audited.import@example.com',
  }),
  'POST /api/User/imports/:id/apply': () => ({}),
  'POST /api/Bulk': () => ({ targetType: 'User', ids: [ids.target], action: { kind: 'role', role: 'User' } }),
  'POST /api/Bulk/:id/undo': () => ({}),
  // Optional, as it was: the journeys below sign in without a second factor.
  'PUT /api/Organisation/mfa-policy': () => ({ policy: 'optional' }),
  'PUT /api/Sso': () => ({
    issuer: 'https://idp.audited.example',
    clientId: 'audited',
    clientSecret: 'audited client secret',
    domains: ['audited-sso.example'],
  }),
};

/**
 * The migration agent's calls on a job or mailbox (a path with its id): the job's end writes an
 * audit line; the per-mailbox calls write none, at thousands a job: their rows and, for every unit
 * they move, the ledger's movement with its actor and time are their record (decision 018).
 */
const AGENT_CALLS: Record<string, { url: () => string; payload: object; lines: number }> = {
  'POST /api/Agent/jobs/:jobId/mailboxes': {
    url: () => `/api/Agent/jobs/${agent.jobId}/mailboxes`,
    payload: {
      sourceMailbox: 'audited@source.example',
      sourceType: 'Exchange',
      targetMailbox: 'audited@target.example',
      destinationType: 'Microsoft 365',
    },
    lines: 0,
  },
  'POST /api/Agent/mailboxes/:mailboxId/progress': {
    url: () => `/api/Agent/mailboxes/${agent.mailboxId}/progress`,
    payload: { folders: [] },
    lines: 0,
  },
  'POST /api/Agent/mailboxes/:mailboxId/complete': {
    url: () => `/api/Agent/mailboxes/${agent.mailboxId}/complete`,
    payload: { status: 'Completed' },
    lines: 0,
  },
  'POST /api/Agent/jobs/:jobId/complete': {
    url: () => `/api/Agent/jobs/${agent.jobId}/complete`,
    payload: {},
    lines: 1,
  },
};
const agent = { jobId: '', mailboxId: '' };

describe('the audit trail', () => {
  it('lists every route that changes accounts, pools or roles', () => {
    const changing = ctx.app.routeGuards
      // POST /Report reads (its body is the query): nothing to audit.
      .filter(
        (r) =>
          r.method !== 'GET' &&
          r.config.permission &&
          r.config.permission !== 'self:read' &&
          r.config.permission !== 'reports:read' &&
          // POST /Forecast reads too: it changes nothing (decision 028).
          r.config.permission !== 'forecast:read' &&
          // Test connection only fetches the issuer's discovery document (decision 038).
          `${r.method} ${r.url}` !== 'POST /api/Sso/test',
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(changing.sort()).toEqual([...Object.keys(CHANGES), ...Object.keys(AGENT_CALLS)].sort());
  });

  it("the agent's calls on a job write one audit line at its end, none per mailbox", async () => {
    const job = await ctx.app.inject({
      method: 'POST',
      url: '/api/Agent/jobs',
      headers: bearer(admin),
      payload: { machineName: 'AUDITED-02', clientKey: 'audited-2', name: 'A', productCode: 'MBX' },
    });
    agent.jobId = job.json<{ data: { jobId: string } }>().data.jobId;
    for (const [route, call] of Object.entries(AGENT_CALLS)) {
      const { status, lines } = await audited('POST', call.url(), admin, call.payload);
      expect(status, route).toBe(200);
      expect(lines, route).toHaveLength(call.lines);
      lines.forEach((line) => expect(line).toMatchObject({ outcome: 'success', actor: ids.adminId }));
      if (route.endsWith('/mailboxes')) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: call.url(),
          headers: bearer(admin),
          payload: call.payload,
        });
        agent.mailboxId = res.json<{ data: { mailboxId: string } }>().data.mailboxId;
      }
    }
  });

  it.each(Object.keys(CHANGES))('%s writes exactly one audit line naming its caller', async (route) => {
    const method = route.split(' ')[0] as Method;
    const { status, lines } = await audited(method, urlOf(route), admin, CHANGES[route]!());
    expect(status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ outcome: 'success', actor: ids.adminId });
  });
});

describe('a refused attempt', () => {
  const refusal = (lines: Line[]) => lines.filter((line) => line.event === 'request.refused');

  it('403 is logged at warn with the caller, route and reason', async () => {
    const user = await ctx.login('user@example.com');
    const { status, lines } = await audited('POST', '/api/User/update-roles', user, {
      userId: ids.target,
      roles: ['Admin'],
    });
    expect(status).toBe(403);
    expect(refusal(lines)).toEqual([
      expect.objectContaining({
        level: 40,
        actor: await idOf(ctx.handle.db, 'user@example.com'),
        route: 'POST /api/User/update-roles',
        status: 403,
        reason: 'You do not have permission to do this.',
      }),
    ]);
  });

  it("404 on another organisation's id is logged at warn", async () => {
    const { status, lines } = await audited('POST', '/api/User/toggle-child-status', admin, {
      childId: ids.other,
      active: false,
    });
    expect(status).toBe(404);
    expect(refusal(lines)).toEqual([
      expect.objectContaining({ level: 40, actor: ids.adminId, route: 'POST /api/User/toggle-child-status' }),
    ]);
  });

  it('429 on forgot-password and reset-password is logged at warn', async () => {
    let last = { status: 0, lines: [] as Line[] };
    for (let i = 0; i < 6; i += 1) {
      last = await audited('POST', '/api/User/forgot-password', null, { email: 'hammer@example.com' });
    }
    expect(last.status).toBe(429);
    expect(refusal(last.lines)).toEqual([
      expect.objectContaining({ level: 40, actor: 'anonymous', route: 'POST /api/User/forgot-password', status: 429 }),
    ]);
    const reset = {
      token: 'x'.repeat(43),
      email: 'hammer@example.com',
      newPassword: 'new passphrase 2026',
      confirmPassword: 'new passphrase 2026',
    };
    for (let i = 0; i < 31; i += 1) last = await audited('POST', '/api/User/reset-password', null, reset);
    expect(last.status).toBe(429);
    expect(refusal(last.lines)).toEqual([
      expect.objectContaining({ level: 40, route: 'POST /api/User/reset-password', status: 429 }),
    ]);
  });

  it('an unknown path is not a refusal', async () => {
    const from = ctx.logs.length;
    await ctx.app.inject({ method: 'POST', url: '/api/no/such/route', headers: bearer(admin) });
    expect(ctx.logs.slice(from).filter((line) => line.includes('request.refused'))).toEqual([]);
  });
});

/** Every table's rows but the trail's own and what any call touches (sessions, limits), as one digest per table. */
async function snapshot(): Promise<Record<string, string>> {
  const db = ctx.handle.db;
  const tables = await db.execute(sql`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('audit_events', 'sessions', 'rate_limits', 'mail_outbox', 'webhook_deliveries')
    ORDER BY table_name`);
  const digests: Record<string, string> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    const [row] = rowsOf<{ digest: string }>(
      await db.execute(
        sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${sql.identifier(name)} t`,
      ),
    );
    digests[name] = row!.digest;
  }
  const [mail] = rowsOf<{ count: number }>(await db.execute(sql`SELECT count(*)::int AS count FROM mail_outbox`));
  digests.mail_outbox = String(mail!.count);
  // The dispatcher retries deliveries in the background: a refused change adds none.
  const [hooks] = rowsOf<{ count: number }>(
    await db.execute(sql`SELECT count(*)::int AS count FROM webhook_deliveries`),
  );
  digests.webhook_deliveries = String(hooks!.count);
  return digests;
}

/**
 * The calls above, once more after they ran: a payload that would change something again, and a call
 * that first makes the change possible again (it runs while the trail can be written).
 */
const AGAIN: Record<string, { payload?: () => object; first?: [url: string, payload: () => object] }> = {
  'POST /api/User/create-child-account': {
    payload: () => ({ name: 'Audited again', email: 'audited.again@example.com' }),
  },
  'POST /api/LicensePool': { payload: () => ({ name: 'Audited pool again', description: 'audit' }) },
  'POST /api/LicensePool/manage-accounts': { payload: () => ({ poolId: ids.pool, addUserIds: [ids.target] }) },
  'POST /api/LicenseAllocation/revoke': { first: ['/api/LicenseAllocation/allocate', oneUnit] },
  'POST /api/Machine/release-binding': {
    first: [
      '/api/Agent/jobs',
      () => ({
        machineName: 'AUDITED-01',
        clientKey: 'audited-again',
        name: 'A',
        productCode: 'MBX',
        fingerprint: 'fp-audited-again',
      }),
    ],
  },
};

/** In this test's own database: every insert into the trail fails (as a full disk or a bad row would), or no longer. */
async function refuseAuditRows(refuse: boolean) {
  await ctx.handle.db.execute(
    refuse
      ? sql`CREATE TRIGGER refuse_audit_row BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_audit_row()`
      : sql`DROP TRIGGER refuse_audit_row ON audit_events`,
  );
}

describe('an audit row that cannot be written', () => {
  beforeAll(async () => {
    await ctx.handle.db.execute(sql`CREATE FUNCTION refuse_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit row refused by the test'; END $$`);
  });

  it('leaves the units where they were: the allocation answers 500 and moves nothing', async () => {
    const before = await snapshot();
    await refuseAuditRows(true);
    try {
      const { status, lines } = await audited('POST', '/api/LicenseAllocation/allocate', admin, oneUnit());
      expect(status).toBe(500);
      expect(lines.filter((line) => line.outcome === 'success')).toEqual([]);
    } finally {
      await refuseAuditRows(false);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(Object.keys(CHANGES))('%s answers 500 and changes nothing', async (route) => {
    const method = route.split(' ')[0] as Method;
    const url = urlOf(route);
    const again = AGAIN[route];
    if (again?.first) {
      const [firstUrl, firstPayload] = again.first;
      expect((await audited('POST', firstUrl, admin, firstPayload())).status).toBe(200);
    }
    const before = await snapshot();
    await refuseAuditRows(true);
    try {
      const { status } = await audited(method, url, admin, (again?.payload ?? CHANGES[route]!)());
      expect(status).toBe(500);
    } finally {
      await refuseAuditRows(false);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a sign-in event whose audit row cannot be written', () => {
  const sessionsOf = async (email: string) => {
    const [row] = rowsOf<{ count: number }>(
      await ctx.handle.db
        .execute(sql`SELECT count(*)::int AS count FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE lower(a.email) = ${email} AND s.revoked_at IS NULL`),
    );
    return row!.count;
  };
  const withRefusedRows = async <T>(call: () => Promise<T>): Promise<T> => {
    await refuseAuditRows(true);
    try {
      return await call();
    } finally {
      await refuseAuditRows(false);
    }
  };

  it('a sign-in answers 500 and opens no session', async () => {
    const before = await sessionsOf('user@example.com');
    const { status } = await withRefusedRows(() =>
      audited('POST', '/api/User/login', null, { email: 'user@example.com', password: DEMO_PASSWORD }),
    );
    expect(status).toBe(500);
    expect(await sessionsOf('user@example.com')).toBe(before);
  });

  it('a sign-out answers 500 and the session still works', async () => {
    const token = await ctx.login('user@example.com');
    const { status } = await withRefusedRows(() => audited('POST', '/api/User/logout', token));
    expect(status).toBe(500);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('a password change answers 500 and the old password still signs in', async () => {
    const token = await ctx.login('user@example.com');
    const { status } = await withRefusedRows(() =>
      audited('POST', '/api/User/change-password', token, {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'An0ther-Long-Passphrase!',
        confirmPassword: 'An0ther-Long-Passphrase!',
      }),
    );
    expect(status).toBe(500);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'user@example.com', password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });
});
