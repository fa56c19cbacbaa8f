import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@portal/contracts/audit';
import { bearer, createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helper';
import { acceptEula, addAccount, addSharedPool, idOf } from '../../../test/fixtures';
import { issueFromDemoSuperAdmin, MBX30 } from '../../../test/stock-fixtures';
import { auditEvents } from '../../db/schema';

let ctx: TestContext;
const ids = { admin: '', auditor: '', target: '', other: '', otherAdmin: '', pool: '', changer: '' };
const tokens = { admin: '', auditor: '', superAdmin: '', user: '', otherAdmin: '' };

interface Page {
  data: AuditEvent[];
  pageInfo: { pageNumber: number; pageSize: number; totalCount: number; totalPages: number };
}

async function trail(token: string, query = ''): Promise<Page> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/Audit?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

async function call(method: 'POST' | 'PUT', url: string, token: string | null, payload: object = {}) {
  const res = await ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
  return res.statusCode;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, ['admin@example.com', 'auditor@example.com', 'user@example.com', 'superadmin@example.com']);
  ids.admin = await idOf(db, 'admin@example.com');
  ids.auditor = await idOf(db, 'auditor@example.com');
  ids.otherAdmin = await addAccount(db, { email: 'audit.other.admin@example.com', roles: ['Admin'] });
  ids.other = await addAccount(db, { email: 'audit.other@example.com', roles: ['User'], parentId: ids.otherAdmin });
  ids.target = await addAccount(db, { email: 'audit.target@example.com', roles: ['User'], parentId: ids.admin });
  ids.changer = await addAccount(db, { email: 'audit.changer@example.com', roles: ['User'], parentId: ids.admin });
  ids.pool = await addSharedPool(db, ids.admin, 'Audit trail pool');
  await issueFromDemoSuperAdmin(db, ids.admin, ctx.clock.now());
  tokens.admin = await ctx.login('admin@example.com');
  tokens.auditor = await ctx.login('auditor@example.com');
  tokens.superAdmin = await ctx.login('superadmin@example.com');
  tokens.user = await ctx.login('user@example.com');
  tokens.otherAdmin = await ctx.login('audit.other.admin@example.com');
});
afterAll(() => ctx.close());

describe('the audit trail records', () => {
  it('a sign-in, with who and from which address', async () => {
    const page = await trail(tokens.admin, `action=auth.login&accountId=${ids.admin}`);
    expect(page.data[0]).toMatchObject({
      actorId: ids.admin,
      actorEmail: 'admin@example.com',
      action: 'auth.login',
      outcome: 'success',
      ip: '127.0.0.1',
      detail: { step: 'complete' },
    });
  });

  it('a failed sign-in: no actor, the email typed, never the password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'Audit.Target@example.com', password: 'wrong-password-typed' },
    });
    expect(res.statusCode).toBe(400);
    const page = await trail(tokens.admin, 'action=auth.login&email=audit.target');
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ actorId: null, actorEmail: 'audit.target@example.com', outcome: 'failure' });
    const stored: unknown = await ctx.handle.db.execute(sql`SELECT * FROM audit_events`);
    expect(JSON.stringify(stored)).not.toContain('wrong-password-typed');
  });

  it('a role change and a status change, naming the account changed', async () => {
    expect(await call('POST', '/api/User/update-roles', tokens.admin, { userId: ids.target, roles: ['Auditor'] })).toBe(
      200,
    );
    expect(
      await call('POST', '/api/User/toggle-child-status', tokens.admin, { childId: ids.target, active: false }),
    ).toBe(200);
    const roles = await trail(tokens.admin, 'action=account.roles');
    expect(roles.data[0]).toMatchObject({
      actorId: ids.admin,
      targetId: ids.target,
      targetLabel: 'audit.target@example.com',
      outcome: 'success',
    });
    const status = await trail(tokens.admin, 'action=account.status');
    expect(status.data[0]).toMatchObject({ actorId: ids.admin, targetId: ids.target });
  });

  it('a password change and a EULA acceptance', async () => {
    const changer = await ctx.login('audit.changer@example.com');
    const newPassword = 'a-new-passphrase-for-the-trail';
    expect(
      await call('POST', '/api/User/change-password', changer, {
        oldPassword: DEMO_PASSWORD,
        newPassword,
        confirmPassword: newPassword,
      }),
    ).toBe(200);
    const token = await ctx.login('audit.changer@example.com', newPassword);
    expect(await call('POST', '/api/User/accept-eula', token)).toBe(200);
    const page = await trail(tokens.admin, `accountId=${ids.changer}`);
    const actions = page.data.map((row) => `${row.action} ${row.outcome}`);
    expect(actions).toContain('auth.password.change success');
    expect(actions).toContain('eula.accept success');
    expect(JSON.stringify(page.data)).not.toContain(newPassword);
  });

  it('an allocation and a revocation', async () => {
    const units = {
      targetId: ids.pool,
      isUser: false,
      productAllocations: [
        {
          groupKey: MBX30,
          productCode: 'MBX',
          quantity: 1,
        },
      ],
    };
    expect(await call('POST', '/api/LicenseAllocation/allocate', tokens.admin, units)).toBe(200);
    expect(await call('POST', '/api/LicenseAllocation/revoke', tokens.admin, units)).toBe(200);
    const allocated = await trail(tokens.admin, 'action=stock.allocate');
    expect(allocated.data[0]).toMatchObject({
      actorId: ids.admin,
      targetId: ids.pool,
      targetLabel: 'Audit trail pool',
    });
    expect((await trail(tokens.admin, 'action=stock.revoke')).data).toHaveLength(1);
  });

  it('rows cannot be changed, deleted or truncated', async () => {
    const rows = async () => (await ctx.handle.db.select().from(auditEvents)).length;
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    for (const statement of [
      sql`UPDATE audit_events SET outcome = 'success'`,
      sql`DELETE FROM audit_events`,
      sql`TRUNCATE audit_events`,
    ]) {
      await expect(ctx.handle.db.execute(statement)).rejects.toThrow();
    }
    expect(await rows()).toBe(before);
  });
});

describe('who reads which trail', () => {
  it("an Admin reads its organisation's, not another's", async () => {
    expect(
      await call('POST', '/api/User/update-roles', tokens.otherAdmin, { userId: ids.other, roles: ['User'] }),
    ).toBe(200);
    const own = await trail(tokens.admin, 'pageSize=200');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.some((row) => row.actorId === ids.otherAdmin || row.targetId === ids.other)).toBe(false);
    const other = await trail(tokens.otherAdmin, 'action=account.roles');
    expect(other.data.map((row) => row.targetId)).toEqual([ids.other]);
  });

  it("an Auditor reads its parent's organisation", async () => {
    const page = await trail(tokens.auditor, 'action=account.roles');
    expect(page.data.map((row) => row.targetId)).toEqual([ids.target]);
  });

  it('a SuperAdmin reads every organisation', async () => {
    const page = await trail(tokens.superAdmin, 'action=account.roles');
    expect(page.data.map((row) => row.targetId).sort()).toEqual([ids.target, ids.other].sort());
  });

  it('a User is refused', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Audit', headers: bearer(tokens.user) });
    expect(res.statusCode).toBe(403);
  });
});

describe('filters and pages', () => {
  it('pages newest first with the total', async () => {
    const all = await trail(tokens.admin, 'pageSize=200');
    const first = await trail(tokens.admin, 'pageSize=2&pageNumber=1');
    const second = await trail(tokens.admin, 'pageSize=2&pageNumber=2');
    expect(first.pageInfo.totalCount).toBe(all.data.length);
    expect(first.pageInfo.totalPages).toBe(Math.ceil(all.data.length / 2));
    expect([...first.data, ...second.data].map((row) => row.id)).toEqual(all.data.slice(0, 4).map((row) => row.id));
    const times = all.data.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('narrows to a time range [from, to)', async () => {
    const all = await trail(tokens.admin, 'pageSize=200');
    const at = all.data[0]!.createdAt;
    const from = await trail(tokens.admin, `pageSize=200&from=${encodeURIComponent(at)}`);
    expect(from.data.every((row) => row.createdAt >= at)).toBe(true);
    const to = await trail(tokens.admin, `pageSize=200&to=${encodeURIComponent(at)}`);
    expect(to.data.every((row) => row.createdAt < at)).toBe(true);
    expect(from.pageInfo.totalCount + to.pageInfo.totalCount).toBe(all.pageInfo.totalCount);
  });

  it('refuses an unknown action or a bad date', async () => {
    for (const query of ['action=nope', 'from=yesterday', 'accountId=x']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Audit?${query}`, headers: bearer(tokens.admin) });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
