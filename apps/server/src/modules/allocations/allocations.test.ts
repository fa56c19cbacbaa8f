import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupKeyOf } from '@portal/contracts/licenses';
import { accounts, movements } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addAccount } from '../../../test/fixtures';
import { issue, item, ledgerState, lot, MBX30, type StockOrg, stockOrg, twoLots } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';

const ARC = groupKeyOf({
  productCode: 'ARC',
  edition: 'Standard',
  durationType: 'Perpetual',
  durationDays: null,
  usageType: 'NodeLockedForever',
});

let ctx: TestContext;
let org: StockOrg;
let auditor: string;
const token = {} as Record<'a' | 'b' | 'u1' | 'u2' | 'auditor' | 'superAdmin', string>;

async function emailOf(id: string): Promise<string> {
  const [row] = await ctx.handle.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id));
  if (!row) throw new Error(`no account ${id}`);
  return row.email;
}

type Who = keyof typeof token;
const get = (who: Who, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token[who]) });
/** A minute apart, so that the movement list's newest-first order is the order of the calls. */
const post = (who: Who, url: string, payload: object) => {
  ctx.clock.advanceMinutes(1);
  return ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token[who]), payload });
};
const allocation = (targetId: string, isUser: boolean, rows: object[]) => ({
  targetId,
  isUser,
  productAllocations: rows,
});

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  org = await stockOrg(db);
  auditor = await addAccount(db, {
    email: `auditor-${org.a}@example.com`,
    name: 'Ava Auditor',
    roles: ['Auditor'],
    parentId: org.a,
  });
  const now = ctx.clock.now();
  // A holds 15 MBX30 (5 expiring in 10 days, 10 in 30) and 3 perpetual ARC.
  await twoLots(db, org, org.a, now);
  await issue(
    db,
    org,
    org.a,
    lot(now, 3, {
      productCode: 'ARC',
      durationType: 'Perpetual',
      usageType: 'NodeLockedForever',
      duration: null,
    }),
    now,
  );
  for (const who of ['a', 'b', 'u1', 'u2', 'superAdmin'] as const)
    token[who] = await ctx.login(await emailOf(org[who]));
  token.auditor = await ctx.login(await emailOf(auditor));
});
afterAll(() => ctx.close());

describe('allocate and revoke', () => {
  it('refuse a request without the spec fields with the spec messages', async () => {
    const res = await post('a', '/LicenseAllocation/allocate', {
      targetId: '',
      isUser: true,
      productAllocations: [{ groupKey: '', productCode: '', quantity: 0 }],
    });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().errors as { message: string }[]).map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Target ID is required',
        'Group key is required',
        'Product code is required',
        'Count must be at least 1',
      ]),
    );
  });

  it('are refused to an Auditor and a User (403) and change nothing', async () => {
    const before = await ledgerState(ctx.handle.db);
    for (const who of ['auditor', 'u1'] as const) {
      for (const path of ['allocate', 'revoke']) {
        const res = await post(who, `/LicenseAllocation/${path}`, allocation(org.u2, true, [item(1)]));
        expect(res.statusCode).toBe(403);
      }
    }
    expect(await ledgerState(ctx.handle.db)).toBe(before);
  });

  it('refuse a target outside the caller’s own children and shared pools (404)', async () => {
    const before = await ledgerState(ctx.handle.db);
    // D is A's grandchild, P2 is B's pool: both inside A's scope, but not A's to allocate to.
    const grandchild = await post('a', '/LicenseAllocation/allocate', allocation(org.d, true, [item(1)]));
    expect(grandchild.statusCode).toBe(404);
    const otherPool = await post('a', '/LicenseAllocation/allocate', allocation(org.p2, false, [item(1)]));
    expect(otherPool.statusCode).toBe(404);
    const upwards = await post('b', '/LicenseAllocation/revoke', allocation(org.a, true, [item(1)]));
    expect(upwards.statusCode).toBe(404);
    expect(await ledgerState(ctx.handle.db)).toBe(before);
  });

  it('refuse more than is available with a 409 naming the product and what is available', async () => {
    const before = await ledgerState(ctx.handle.db);
    const res = await post('a', '/LicenseAllocation/allocate', allocation(org.u2, true, [item(16)]));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Only 15 Mailbox Migration licenses are available (16 requested).',
    });
    expect(await ledgerState(ctx.handle.db)).toBe(before);
  });

  it('allocate to a child and to a shared pool, with one audit line each', async () => {
    const from = ctx.logs.length;
    const res = await post(
      'a',
      '/LicenseAllocation/allocate?allowPartialRevocation=true',
      allocation(org.u2, true, [item(4)]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Licenses allocated successfully',
      data: {
        targetId: org.u2,
        targetName: 'Umar User',
        targetType: 'User',
        items: [{ groupKey: MBX30, productCode: 'MBX', requested: 4, moved: 4 }],
      },
    });
    const pool = await post(
      'a',
      '/LicenseAllocation/allocate',
      allocation(org.p1, false, [item(2), item(1, ARC, 'ARC')]),
    );
    expect(pool.statusCode).toBe(200);
    expect(pool.json().data).toMatchObject({ targetName: 'Sales', targetType: 'Pool' });
    const lines = ctx.logs
      .slice(from)
      .map((line) => JSON.parse(line) as { audit?: boolean; event?: string; actor?: string })
      .filter((line) => line.audit);
    expect(lines.map((l) => [l.event, l.actor])).toEqual([
      ['stock.allocate', org.a],
      ['stock.allocate', org.a],
    ]);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });

  it('revoke: a shortfall is a 409 without allowPartialRevocation, and takes what is there with it', async () => {
    const before = await ledgerState(ctx.handle.db);
    const strict = await post('a', '/LicenseAllocation/revoke', allocation(org.u2, true, [item(6)]));
    expect(strict.statusCode).toBe(409);
    expect(strict.json().message).toBe('Only 4 Mailbox Migration licenses are available (6 requested).');
    const explicit = await post(
      'a',
      '/LicenseAllocation/revoke?allowPartialRevocation=false',
      allocation(org.u2, true, [item(6)]),
    );
    expect(explicit.statusCode).toBe(409);
    expect(await ledgerState(ctx.handle.db)).toBe(before);

    const partial = await post(
      'a',
      '/LicenseAllocation/revoke?allowPartialRevocation=true',
      allocation(org.u2, true, [item(6)]),
    );
    expect(partial.statusCode).toBe(200);
    expect(partial.json().message).toBe('Licenses revoked successfully: 4 of 6 revoked, the rest was not available.');
    expect(partial.json().data.items).toEqual([{ groupKey: MBX30, productCode: 'MBX', requested: 6, moved: 4 }]);

    // Put 3 back for the views below, and take 1 back in full.
    await post('a', '/LicenseAllocation/allocate', allocation(org.u2, true, [item(3)]));
    const full = await post('a', '/LicenseAllocation/revoke', allocation(org.u2, true, [item(1)]));
    expect(full.json()).toMatchObject({ success: true, message: 'Licenses revoked successfully' });
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  });
});

// From here on A holds MBX30: 15 total, 2 with U2, 2 in P1, 11 available; ARC: 3 total, 1 in P1.
describe('the stock views', () => {
  it('available-summary lists what the caller can allocate, by group', async () => {
    const res = await get('a', '/LicenseAllocation/available-summary');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        groupKey: ARC,
        productCode: 'ARC',
        name: 'Archive Migration',
        description: expect.stringContaining('archives'),
        edition: 'Standard',
        durationType: 'Perpetual',
        usageType: 'NodeLockedForever',
        duration: null,
        availableCount: 2,
        groupingFactors: { ProductCode: 'ARC', Duration: null, Edition: 'Standard' },
      },
      expect.objectContaining({
        groupKey: MBX30,
        name: 'Mailbox Migration',
        availableCount: 11,
        groupingFactors: { ProductCode: 'MBX', Duration: 30, Edition: 'Standard' },
      }),
    ]);
    // A group with nothing available is left out; expired lots do not count.
    const b = await get('b', '/LicenseAllocation/available-summary');
    expect(b.json().data).toEqual([]);
  });

  it('available-summary leaves out expired lots', async () => {
    ctx.clock.advanceMinutes(11 * 24 * 60);
    try {
      // A session of its own: the others would be idle for 11 days.
      const later = await ctx.login(await emailOf(org.a));
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/LicenseAllocation/available-summary',
        headers: bearer(later),
      });
      // The 5-unit lot expired with 2 of it still with A (U2 and P1 took from it first): 9 left.
      expect(res.json().data.find((g: { groupKey: string }) => g.groupKey === MBX30).availableCount).toBe(9);
      // U2's 2 units came from that lot: its only group has nothing available now and is left out.
      const u2 = await ctx.login(await emailOf(org.u2));
      const held = await ctx.app.inject({
        method: 'GET',
        url: '/api/LicenseAllocation/available-summary',
        headers: bearer(u2),
      });
      expect(held.json().data).toEqual([]);
    } finally {
      ctx.clock.advanceMinutes(-11 * 24 * 60);
    }
  });

  it('user-summary?fetchType=self pages the caller’s own groups with allocatedCount', async () => {
    const res = await get('a', '/LicenseAllocation/user-summary?fetchType=self&pageNumber=1&pageSize=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().pageInfo).toMatchObject({ pageNumber: 1, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(res.json().data).toEqual([
      expect.objectContaining({ groupKey: ARC, totalCount: 3, availableCount: 2, allocatedCount: 1 }),
    ]);
    const second = await get('a', '/LicenseAllocation/user-summary?fetchType=self&pageNumber=2&pageSize=1');
    expect(second.json().data).toEqual([
      expect.objectContaining({
        groupKey: MBX30,
        totalCount: 15,
        availableCount: 11,
        allocatedCount: 4,
        consumedCount: 0,
        inTransitCount: 0,
        groupingFactors: { ProductCode: 'MBX', Duration: 30, Edition: 'Standard' },
      }),
    ]);
    const past = await get('a', '/LicenseAllocation/user-summary?fetchType=self&pageNumber=3&pageSize=1');
    expect(past.json()).toMatchObject({ data: [], pageInfo: { totalCount: 2 } });
    for (const search of ['mailbox', 'MBX', 'standard']) {
      const found = await get('a', `/LicenseAllocation/user-summary?fetchType=self&search=${search}`);
      expect(found.json().data.map((g: { groupKey: string }) => g.groupKey)).toContain(MBX30);
    }
    const archive = await get('a', '/LicenseAllocation/user-summary?fetchType=self&search=archive');
    expect(archive.json()).toMatchObject({ data: [{ groupKey: ARC }], pageInfo: { totalCount: 1 } });
    const none = await get('u1', '/LicenseAllocation/user-summary?fetchType=self');
    expect(none.json()).toMatchObject({ data: [], pageInfo: { totalCount: 0 } });
    // An Auditor reads the allocations of the organisation it audits, as on its dashboard.
    const audited = await get('auditor', '/LicenseAllocation/user-summary?fetchType=self&pageNumber=1&pageSize=10');
    expect(
      audited
        .json()
        .data.map((g: { groupKey: string }) => g.groupKey)
        .sort(),
    ).toEqual([ARC, MBX30].sort());
  });

  it('user-summary/{childId} shows the child, the pool it draws from and its own stock', async () => {
    const u2 = await get('a', `/LicenseAllocation/user-summary/${org.u2}`);
    expect(u2.statusCode).toBe(200);
    expect(u2.json().data.users).toEqual([
      {
        id: org.u2,
        name: 'Umar User',
        email: await emailOf(org.u2),
        roles: ['User'],
        poolType: 'Default',
        poolId: org.pool.u2,
        poolName: 'Default Pool',
        groupedLicenses: [expect.objectContaining({ groupKey: MBX30, totalCount: 2, availableCount: 2 })],
      },
    ]);
    const u1 = await get('a', `/LicenseAllocation/user-summary/${org.u1}`);
    expect(u1.json().data.users[0]).toMatchObject({
      poolType: 'Pool',
      poolId: org.p1,
      poolName: 'Sales',
      groupedLicenses: [],
    });
    // A grandchild is in A's scope; the Auditor reads its organisation.
    expect((await get('a', `/LicenseAllocation/user-summary/${org.d}`)).statusCode).toBe(200);
    expect((await get('auditor', `/LicenseAllocation/user-summary/${org.u2}`)).statusCode).toBe(200);
    // Not strictly below the caller, or outside its scope: 404.
    for (const [who, id] of [
      ['a', org.a],
      ['b', org.u2],
      ['b', org.a],
      ['u1', org.u2],
      ['u1', org.u1],
    ] as const) {
      const res = await get(who, `/LicenseAllocation/user-summary/${id}`);
      expect(res.statusCode, `${who} -> ${id}`).toBe(404);
    }
  });

  it('pool-summary answers a pool readable in the caller’s scope or the pool it draws from', async () => {
    const res = await get('a', `/LicenseAllocation/pool-summary?poolId=${org.p1}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        poolId: org.p1,
        poolName: 'Sales',
        poolType: 'Pool',
        groupedLicenses: [
          expect.objectContaining({ groupKey: ARC, availableCount: 1 }),
          expect.objectContaining({ groupKey: MBX30, availableCount: 2 }),
        ],
      },
    ]);
    expect((await get('u1', `/LicenseAllocation/pool-summary?poolId=${org.p1}`)).statusCode).toBe(200);
    expect((await get('auditor', `/LicenseAllocation/pool-summary?poolId=${org.p1}`)).statusCode).toBe(200);
    const own = await get('u2', `/LicenseAllocation/pool-summary?poolId=${org.pool.u2}`);
    expect(own.json().data[0]).toMatchObject({ poolType: 'Default', groupedLicenses: [{ availableCount: 2 }] });
    for (const [who, id] of [
      ['u2', org.p1],
      ['b', org.p1],
      ['b', org.pool.a],
      ['u1', org.pool.u2],
    ] as const) {
      const refused = await get(who, `/LicenseAllocation/pool-summary?poolId=${id}`);
      expect(refused.statusCode, `${who} -> ${id}`).toBe(404);
    }
  });

  it('the allocation hierarchy shows the four sections, empty pools and children included', async () => {
    const res = await get('a', '/LicensePool/user-allocation-hierarchy');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.defaultPool).toMatchObject({ poolId: org.pool.a, poolType: 'Default', poolName: 'Default Pool' });
    expect(data.defaultPool.productAllocations).toEqual([
      expect.objectContaining({ groupKey: ARC, totalQuantity: 3, availableQuantity: 2, allocatedQuantity: 1 }),
      expect.objectContaining({
        groupKey: MBX30,
        productDescription: expect.any(String),
        totalQuantity: 15,
        availableQuantity: 11,
        allocatedQuantity: 4,
        consumedQuantity: 0,
        inTransitQuantity: 0,
        poolName: 'Default Pool',
      }),
    ]);
    expect(data.customPools).toEqual([
      expect.objectContaining({
        poolId: org.p1,
        poolName: 'Sales',
        poolType: 'Pool',
        productAllocations: [
          expect.objectContaining({ groupKey: ARC, availableQuantity: 1, poolName: 'Sales' }),
          expect.objectContaining({ groupKey: MBX30, availableQuantity: 2 }),
        ],
      }),
    ]);
    expect(data.childUsers.map((c: { userId: string }) => c.userId).sort()).toEqual(
      [org.b, org.u1, org.u2, auditor].sort(),
    );
    const child = (id: string) => data.childUsers.find((c: { userId: string }) => c.userId === id);
    expect(child(org.u2)).toMatchObject({
      userName: 'Umar User',
      userEmail: await emailOf(org.u2),
      assignedPool: null,
      defaultPool: {
        poolId: org.pool.u2,
        productAllocations: [{ groupKey: MBX30, availableQuantity: 2, childEmail: await emailOf(org.u2) }],
      },
    });
    expect(child(org.u1)).toMatchObject({
      assignedPool: { poolId: org.p1, poolName: 'Sales' },
      defaultPool: { productAllocations: [] },
    });
    expect(data.parentAccountPool).toBeNull();

    const u1 = (await get('u1', '/LicensePool/user-allocation-hierarchy')).json().data;
    expect(u1.parentAccountPool).toMatchObject({ poolId: org.p1, poolName: 'Sales', poolType: 'Pool' });
    expect(u1.parentAccountPool.productAllocations).toHaveLength(2);
    expect(u1.defaultPool.productAllocations).toEqual([]);
    expect(u1.childUsers).toEqual([]);

    // The Auditor reads the hierarchy of the organisation it audits.
    const audited = (await get('auditor', '/LicensePool/user-allocation-hierarchy')).json().data;
    expect(audited).toEqual(data);
  });

  it('the pools list fills groupedLicenses', async () => {
    const res = await get('a', '/LicensePool?poolType=Pool&pageNumber=1&pageSize=2000');
    expect(res.statusCode).toBe(200);
    const sales = res.json().data.find((p: { id: string }) => p.id === org.p1);
    expect(sales.groupedLicenses).toEqual([
      expect.objectContaining({ groupKey: ARC, availableCount: 1 }),
      expect.objectContaining({ groupKey: MBX30, availableCount: 2, totalCount: 2 }),
    ]);
    const support = (await get('b', '/LicensePool?poolType=Pool')).json().data;
    expect(support).toEqual([expect.objectContaining({ id: org.p2, groupedLicenses: [] })]);
  });

  it('child-accounts-without-licenses leaves out children holding stock and pool members', async () => {
    const res = await get('a', '/User/child-accounts-without-licenses');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((c: { id: string }) => c.id);
    expect(ids).toContain(org.b);
    expect(ids).not.toContain(org.u2); // holds 2 units
    expect(ids).not.toContain(org.u1); // in Sales
    await post('a', '/LicenseAllocation/revoke', allocation(org.u2, true, [item(2)]));
    const after = (await get('a', '/User/child-accounts-without-licenses')).json().data;
    // A revoked child keeps zero rows: it holds nothing again.
    expect(after.map((c: { id: string }) => c.id)).toContain(org.u2);
    await post('a', '/LicenseAllocation/allocate', allocation(org.u2, true, [item(2)]));
  });
});

describe('the movement list', () => {
  type Row = { action: string; targetName: string; sourcePoolName: string | null; quantityChange: number };
  const list = async (who: Who, query = '') => {
    const res = await get(who, `/LicenseMovement?pageNumber=1&pageSize=500${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Row[]; pageInfo: { totalCount: number } }>();
  };

  it('shows an Admin the movements of its scope, newest first, with source, target and actor', async () => {
    const { data, pageInfo } = await list('a');
    // 3 Issue, then allocate U2, allocate P1 (2 groups), revoke, allocate, revoke, revoke, allocate.
    expect(pageInfo.totalCount).toBe(data.length);
    expect(data.map((m) => m.action)).toEqual([
      'Allocate',
      'Revoke',
      'Revoke',
      'Allocate',
      'Revoke',
      'Allocate',
      'Allocate',
      'Allocate',
      'Issue',
      'Issue',
      'Issue',
    ]);
    expect(data[0]).toMatchObject({
      productCode: 'MBX',
      productName: 'Mailbox Migration',
      quantityChange: 2,
      sourcePoolName: 'Alex Admin (Individual)',
      targetName: 'Umar User',
      targetType: 'User',
      actorName: 'Alex Admin',
      actorEmail: await emailOf(org.a),
    });
    expect(data[1]).toMatchObject({ action: 'Revoke', quantityChange: -2 });
    expect(data.at(-1)).toMatchObject({ action: 'Issue', sourcePoolName: null, targetName: 'Alex Admin' });
    // The Auditor sees what its organisation's Admin sees.
    expect((await list('auditor')).data).toEqual(data);
  });

  it('filters by action and searches product, target and source pool, and pages', async () => {
    expect((await list('a', '&action=Revoke')).data.map((m) => m.action)).toEqual(['Revoke', 'Revoke', 'Revoke']);
    const sales = (await list('a', '&search=sales')).data;
    expect(sales).toHaveLength(2);
    expect(sales.every((m) => m.targetName === 'Sales')).toBe(true);
    expect((await list('a', '&search=archive')).data).toHaveLength(2);
    expect((await list('a', '&search=alex%20admin')).data.length).toBeGreaterThan(0);
    const page = await get('a', '/LicenseMovement?pageNumber=2&pageSize=4');
    expect(page.json().data).toHaveLength(4);
    expect(page.json().pageInfo).toMatchObject({ totalCount: 11, totalPages: 3 });
    expect((await get('a', '/LicenseMovement?pageSize=501')).statusCode).toBe(400);
    expect((await get('a', '/LicenseMovement')).json().pageInfo.pageSize).toBe(100);
  });

  it('shows a User only the movements of the pools it draws from, and others nothing of A', async () => {
    const u2 = (await list('u2')).data;
    expect(u2.length).toBe(6);
    expect(u2.every((m) => m.targetName === 'Umar User')).toBe(true);
    const u1 = (await list('u1')).data;
    expect(u1).toHaveLength(2);
    expect(u1.every((m) => m.targetName === 'Sales')).toBe(true);
    expect((await list('b')).data).toEqual([]);
    const [all] = await ctx.handle.db.select({ n: count() }).from(movements);
    expect((await list('superAdmin')).pageInfo.totalCount).toBe(all?.n);
  });
});
