import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@portal/contracts/search';
import { apiCall, createTestContext, type TestContext } from '../../../test/helper';
import { addAccount, addSharedPool, signIn } from '../../../test/fixtures';
import { addJob, addMachine } from '../../../test/report-fixtures';
import { issue, lot, type StockOrg, stockOrg } from '../../../test/stock-fixtures';

let ctx: TestContext;
let org: StockOrg;
let other: StockOrg;
let tokens: Record<'a' | 'b' | 'u1' | 'other', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  org = await stockOrg(db);
  other = await stockOrg(db);
  // Names that begin alike across both organisations and both subtrees of the first.
  await addAccount(db, { email: `zeta.a-${org.a}@example.com`, name: 'Zeta Alpha', roles: ['User'], parentId: org.a });
  await addAccount(db, { email: `zeta.b-${org.b}@example.com`, name: 'Zeta Beta', roles: ['User'], parentId: org.b });
  await addAccount(db, {
    email: `zeta-${other.a}@example.com`,
    name: 'Zeta Other',
    roles: ['User'],
    parentId: other.a,
  });
  await addSharedPool(db, org.a, 'Zeta pool');
  await addSharedPool(db, other.a, 'Zeta pool elsewhere');
  const mine = await addMachine(db, org.u1, 'ZETA-PC-01');
  const theirs = await addMachine(db, other.u1, 'ZETA-PC-02');
  const start = ctx.clock.now();
  await addJob(db, { machineId: mine, accountId: org.u1, name: 'Zeta wave 1', start, status: 'Completed' });
  await addJob(db, { machineId: theirs, accountId: other.u1, name: 'Zeta wave 2', start, status: 'Completed' });
  await issue(db, org, org.a, lot(start, 5, { orderId: 'ZETA-PO-1' }), start);
  await issue(db, other, other.a, lot(start, 5, { orderId: 'ZETA-PO-2' }), start);
  tokens = await signIn(ctx, { a: org.a, b: org.b, u1: org.u1, other: other.a });
});
afterAll(() => ctx.close());

const search = async (token: string, q: string) => {
  const res = await apiCall(ctx, 'GET', `/Search?q=${encodeURIComponent(q)}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as unknown as SearchResult;
};
const names = (result: SearchResult) => ({
  accounts: result.accounts.map((a) => a.name),
  pools: result.pools.map((p) => p.name),
  jobs: result.jobs.map((j) => `${j.name} on ${j.machineName}`),
  machines: result.machines.map((m) => m.name),
});

describe('the command palette search', () => {
  it('finds by the start of a name or email, ignoring case, in the caller’s own scope only', async () => {
    expect(names(await search(tokens.a, 'zeta'))).toEqual({
      accounts: ['Zeta Alpha', 'Zeta Beta'],
      pools: ['Zeta pool'],
      jobs: ['Zeta wave 1 on ZETA-PC-01'],
      machines: ['ZETA-PC-01'],
    });
    // B's subtree: its own child only, and none of A's pools or U1's migrations.
    expect(names(await search(tokens.b, 'ZETA'))).toEqual({
      accounts: ['Zeta Beta'],
      pools: [],
      jobs: [],
      machines: [],
    });
    // A User sees no accounts, and its own migrations.
    expect(names(await search(tokens.u1, 'zeta w'))).toEqual({
      accounts: [],
      pools: [],
      jobs: ['Zeta wave 1 on ZETA-PC-01'],
      machines: [],
    });
    expect(names(await search(tokens.other, 'zeta'))).toEqual({
      accounts: ['Zeta Other'],
      pools: ['Zeta pool elsewhere'],
      jobs: ['Zeta wave 2 on ZETA-PC-02'],
      machines: ['ZETA-PC-02'],
    });
    expect((await search(tokens.a, `zeta.b-${org.b}`)).accounts.map((a) => a.name)).toEqual(['Zeta Beta']);
  });

  it('matches only at the start, and takes % and _ literally', async () => {
    expect(names(await search(tokens.a, 'alpha')).accounts).toEqual([]);
    expect(names(await search(tokens.a, '%eta'))).toEqual({ accounts: [], pools: [], jobs: [], machines: [] });
    expect(names(await search(tokens.a, 'z_ta')).accounts).toEqual([]);
  });

  it('finds lots by the start of their order ID, for the roles that read licenses, in their scope', async () => {
    const lots = async (token: string) => (await search(token, 'zeta-po')).lots.map((l) => l.orderId);
    expect(await lots(tokens.a)).toEqual(['ZETA-PO-1']);
    expect(await lots(tokens.other)).toEqual(['ZETA-PO-2']);
    // B's pools hold none of A's lot; a User reads no licenses.
    expect(await lots(tokens.b)).toEqual([]);
    expect(await lots(tokens.u1)).toEqual([]);
    expect((await search(tokens.a, 'zeta-po')).lots[0]).toMatchObject({
      productName: expect.any(String),
      customerName: 'Alex Admin',
    });
  });

  it('refuses an empty or overlong query', async () => {
    expect((await apiCall(ctx, 'GET', '/Search?q=%20', tokens.a)).status).toBe(400);
    expect((await apiCall(ctx, 'GET', `/Search?q=${'x'.repeat(101)}`, tokens.a)).status).toBe(400);
  });
});
