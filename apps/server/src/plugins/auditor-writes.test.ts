import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/helper';
import { addAccount, idOf } from '../../test/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** "The Auditor changes nothing" (docs/product.md, "Who uses it"), for any account that has the Auditor role. */
describe('an account with the Auditor role and another role', () => {
  it('cannot write through the migration agent, though it can read', async () => {
    const admin = await idOf(ctx.handle.db, 'admin@example.com');
    await addAccount(ctx.handle.db, { email: 'auditor-user@example.com', roles: ['Auditor', 'User'], parentId: admin });
    const token = await ctx.login('auditor-user@example.com');
    const machine = await ctx.app.inject({
      method: 'POST',
      url: '/api/Agent/machines',
      headers: bearer(token),
      payload: { name: 'AUDITED-PC' },
    });
    expect(machine.statusCode).toBe(403);
    const job = await ctx.app.inject({
      method: 'POST',
      url: '/api/Agent/jobs',
      headers: bearer(token),
      payload: { machineName: 'AUDITED-PC', clientKey: 'k-1', name: 'A job', productCode: 'MBX' },
    });
    expect(job.statusCode).toBe(403);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });

  it('cannot allocate or manage pools with the Admin role beside it', async () => {
    const admin = await idOf(ctx.handle.db, 'admin@example.com');
    await addAccount(ctx.handle.db, {
      email: 'auditor-admin@example.com',
      roles: ['Auditor', 'Admin'],
      parentId: admin,
    });
    const token = await ctx.login('auditor-admin@example.com');
    const pool = await ctx.app.inject({
      method: 'POST',
      url: '/api/LicensePool',
      headers: bearer(token),
      payload: { name: 'Audited pool' },
    });
    expect(pool.statusCode).toBe(403);
  });
});
