import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { bearer, createTestContext, type TestContext } from '../../test/helper';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function open(env: Record<string, string> = {}): Promise<TestContext> {
  ctx = await createTestContext(env);
  return ctx;
}

const me = (c: TestContext, token: string) =>
  c.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });

async function accountId(c: TestContext, email: string): Promise<string> {
  const rows = rowsOf<{ id: string }>(await c.handle.db.execute(sql`SELECT id FROM accounts WHERE email = ${email}`));
  const id = rows[0]?.id;
  if (!id) throw new Error(`no account ${email}`);
  return id;
}

/** Polls until `check` holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('session cache', () => {
  it('answers a known session from memory', async () => {
    const c = await open();
    const token = await c.login('user@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
    const before = c.app.sessionCache?.stats();
    expect(before?.live).toBe(true);
    for (let i = 0; i < 5; i += 1) expect((await me(c, token)).statusCode).toBe(200);
    const after = c.app.sessionCache?.stats();
    expect((after?.hits ?? 0) - (before?.hits ?? 0)).toBe(5);
  });

  it('refuses a signed-out token on the very next request', async () => {
    const c = await open();
    const token = await c.login('user@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
    const out = await c.app.inject({ method: 'POST', url: '/api/User/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await me(c, token)).statusCode).toBe(401);
  });

  it("applies a role change and a deactivation to the child's next request", async () => {
    const c = await open();
    const admin = await c.login('admin@example.com');
    await c.app.inject({ method: 'POST', url: '/api/User/accept-eula', headers: bearer(admin) });
    const user = await c.login('user@example.com');
    expect((await me(c, user)).json<{ data: { roles: string[] } }>().data.roles).toEqual(['User']);
    const userId = await accountId(c, 'user@example.com');
    const roles = await c.app.inject({
      method: 'POST',
      url: '/api/User/update-roles',
      headers: bearer(admin),
      payload: { userId, roles: ['Auditor'] },
    });
    expect(roles.statusCode).toBe(200);
    expect((await me(c, user)).json<{ data: { roles: string[] } }>().data.roles).toEqual(['Auditor']);
    const off = await c.app.inject({
      method: 'POST',
      url: '/api/User/toggle-child-status',
      headers: bearer(admin),
      payload: { childId: userId, active: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(c, user)).statusCode).toBe(401);
  });

  it('hears a change written outside the portal within a second', async () => {
    const c = await open();
    const token = await c.login('user2@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
    await c.handle.db.execute(sql`UPDATE accounts SET active = false WHERE email = 'user2@example.com'`);
    const took = await within(1000, async () => (await me(c, token)).statusCode === 401);
    expect(took).toBeLessThan(1000);
  });

  it('keeps idle expiry exact to the minute when answering from memory', async () => {
    const c = await open();
    const token = await c.login('user@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
    // Active every 29 minutes: alive well past the 30-minute idle limit.
    for (let i = 0; i < 3; i += 1) {
      c.clock.advanceMinutes(29);
      expect((await me(c, token)).statusCode).toBe(200);
    }
    c.clock.advanceMinutes(31);
    expect((await me(c, token)).statusCode).toBe(401);
  });

  it('counts idle expiry from the true last use, not the last once-a-minute write', async () => {
    const c = await open();
    const token = await c.login('user@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
    // Used every 25 seconds for two minutes, then left alone.
    for (let i = 0; i < 5; i += 1) {
      c.clock.advanceMinutes(25 / 60);
      expect((await me(c, token)).statusCode).toBe(200);
    }
    // 29 minutes 55 seconds after the last use it is still alive; 30 minutes 5 seconds after, gone.
    c.clock.advanceMinutes(29 + 55 / 60);
    expect((await me(c, token)).statusCode).toBe(200);
    c.clock.advanceMinutes(30 + 5 / 60);
    expect((await me(c, token)).statusCode).toBe(401);
  });

  it('stays within its size and still serves every session', async () => {
    const c = await open({ SESSION_CACHE_SIZE: '2' });
    const tokens = [
      await c.login('user@example.com'),
      await c.login('user2@example.com'),
      await c.login('auditor@example.com'),
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const token of tokens) expect((await me(c, token)).statusCode).toBe(200);
    }
    expect(c.app.sessionCache?.stats().size).toBe(2);
  });

  it('misses nothing while its listening connection is down, and comes back', async (test) => {
    const c = await open();
    if (c.handle.kind !== 'postgres') test.skip('the embedded database has no connection to lose');
    const token = await c.login('user2@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
    await c.handle.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await within(1000, async () => c.app.sessionCache?.stats().live === false);
    await c.handle.db.execute(sql`UPDATE accounts SET active = false WHERE email = 'user2@example.com'`);
    expect((await me(c, token)).statusCode).toBe(401);
    await within(3000, async () => c.app.sessionCache?.stats().live === true);
    const other = await c.login('user@example.com');
    expect((await me(c, other)).statusCode).toBe(200);
    expect((await me(c, token)).statusCode).toBe(401);
  });

  it('reads every session from the database when turned off', async () => {
    const c = await open({ SESSION_CACHE_SIZE: '0' });
    expect(c.app.sessionCache).toBeNull();
    const token = await c.login('user@example.com');
    expect((await me(c, token)).statusCode).toBe(200);
  });
});
