import { describe, expect, it } from 'vitest';
import type { AllocationHierarchy, MyAllocationGroup } from '@portal/contracts/licenses';
import { expectExportAudit, exportSuite, quoted } from '../../../test/csv-read';
import { addAccount, addSharedPool, emailOf } from '../../../test/fixtures';
import { adminPrincipal, issue, item, lot, PPU, ppuLot } from '../../../test/stock-fixtures';
import { allocate } from '../stock';
import { dashboardSectionBatches } from './dashboard.queries';

const QUIRKY_POOL = 'Zoë, "the"\npool';
const FORMULA_CHILD = '=HYPERLINK("http://evil")';
const GROUP = ['Product code', 'Product', 'Edition', 'Duration type', 'Duration (days)', 'Usage type'];
const COUNTS = [...GROUP, 'Total', 'Available', 'Consumed', 'In transit'];

const suite = exportSuite(async (db, now, org, other) => {
  await issue(db, org, org.a, lot(now, 40), now);
  await issue(db, org, org.a, ppuLot(now, 10), now);
  const quirky = await addSharedPool(db, org.a, QUIRKY_POOL);
  const formula = await addAccount(db, {
    email: 'formula@example.com',
    name: FORMULA_CHILD,
    roles: ['User'],
    parentId: org.a,
  });
  const allocateTo = (targetId: string, isUser: boolean, items: ReturnType<typeof item>[]) =>
    allocate(db, { actorId: org.a, targetId, isUser, items, now });
  await allocateTo(org.p1, false, [item(5)]);
  await allocateTo(quirky, false, [item(3), item(2, PPU)]);
  await allocateTo(org.u2, true, [item(4)]);
  await allocateTo(formula, true, [item(1, PPU)]);
  await allocateTo(org.b, true, [item(2)]);
  await issue(db, other, other.a, lot(now, 9), now);
  await allocate(db, { actorId: other.a, targetId: other.u2, isUser: true, items: [item(9)], now });
  return { a: org.a, u1: org.u1, other: other.a };
});
const { get, exported } = suite;
const hierarchy = async (who: Parameters<typeof get>[0]) =>
  (await get(who, '/LicensePool/user-allocation-hierarchy')).json().data as AllocationHierarchy;

describe('GET /api/LicensePool/user-allocation-hierarchy/export', () => {
  const path = (section: string, search = '') =>
    `/LicensePool/user-allocation-hierarchy/export?section=${section}${search ? `&search=${search}` : ''}`;

  it('exports the Dashboard section: the caller’s own pool, as the hierarchy has it', async () => {
    const { res, header, rows } = await exported('a', path('own'));
    expect(res.headers['content-disposition']).toBe('attachment; filename="dashboard-own_2026-11-21T0900Z.csv"');
    expect(header).toEqual([...COUNTS, 'Allocated']);
    const own = (await hierarchy('a')).defaultPool.productAllocations;
    expect(rows.map((r) => [r[0], r[2], r[6], r[7], r[10]])).toEqual(
      own.map((g) => [
        g.productCode,
        g.edition,
        String(g.totalQuantity),
        String(g.availableQuantity),
        String(g.allocatedQuantity),
      ]),
    );
    expect(rows.find((r) => r[2] === 'Standard')?.[10]).toBe('14');
    // The usage type as people read it: Transactional is Pay-Per-Use (USAGE_TYPE_LABELS in contracts).
    expect(rows.map((r) => r[5])).toContain('Pay-Per-Use');
    expect(rows.map((r) => r[5])).not.toContain('Transactional');
  });

  it('exports Shared Pool Licenses with RFC 4180 quoting of the pool’s name', async () => {
    const { text, header, rows } = await exported('a', path('shared'));
    expect(header).toEqual(['Pool', ...COUNTS]);
    expect(text).toContain(quoted(QUIRKY_POOL));
    const shared = (await hierarchy('a')).customPools.flatMap((p) => p.productAllocations);
    expect(rows.map((r) => `${r[0]}|${r[3]}|${r[7]}`)).toEqual(
      shared.map((g) => `${g.poolName}|${g.edition}|${g.totalQuantity}`),
    );
    expect((await exported('a', path('shared', 'enterprise'))).rows.map((r) => r[0])).toEqual([QUIRKY_POOL]);
  });

  it('exports Users Licenses: its own children only, a formula made inert, searched by user', async () => {
    const { header, rows } = await exported('a', path('users'));
    expect(header).toEqual(['User', 'User email', ...COUNTS]);
    const users = (await hierarchy('a')).childUsers.flatMap((c) =>
      c.defaultPool.productAllocations.map((g) => `${g.childEmail}|${g.totalQuantity}`),
    );
    expect(rows.map((r) => `${r[1]}|${r[8]}`)).toEqual(users);
    expect(rows.find((r) => r[1] === 'formula@example.com')?.[0]).toBe(`'${FORMULA_CHILD}`);
    expect(rows.map((r) => r[1])).not.toContain(await emailOf(suite.ctx.handle.db, suite.other.u2));
    expect(rows.map((r) => r[1])).not.toContain(await emailOf(suite.ctx.handle.db, suite.org.d));
    // The user's name matches: all its groups; otherwise the groups that match.
    expect((await exported('a', path('users', 'formula@'))).rows.map((r) => r[1])).toEqual(['formula@example.com']);
    expect((await exported('a', path('users', 'transactional'))).rows).toEqual([]);
    expect((await exported('a', path('users', 'enterprise'))).rows.map((r) => r[1])).toEqual(['formula@example.com']);
  });

  it('exports the Account Pool of a user that draws from a shared pool, and keeps another org out', async () => {
    const { header, rows } = await exported('u1', path('account'));
    expect(header).toEqual(['Pool', ...COUNTS]);
    expect(rows.map((r) => [r[0], r[7]])).toEqual([['Sales', '5']]);
    expect((await exported('a', path('account'))).rows).toEqual([]);
    const theirs = (await exported('other', path('users'))).rows;
    expect(theirs.map((r) => r[1])).toEqual([await emailOf(suite.ctx.handle.db, suite.other.u2)]);
    expect((await get('a', '/LicensePool/user-allocation-hierarchy/export?section=mine')).statusCode).toBe(400);
  });

  it('writes the export to the audit trail with its section and search', async () => {
    await exported('a', path('users', 'uma'));
    await expectExportAudit(
      suite.ctx.handle.db,
      'dashboard-users',
      { section: 'users', search: 'uma' },
      { actorId: suite.org.a, tenantId: suite.org.a },
    );
  });

  it('reads children and shared pools in keyset batches', async () => {
    for (const section of ['users', 'shared'] as const) {
      const seen: string[] = [];
      const batches = dashboardSectionBatches(
        suite.ctx.handle.db,
        adminPrincipal(suite.org.a),
        { section },
        suite.ctx.clock.now(),
        1,
      );
      for await (const batch of batches) seen.push(...batch.map((r) => `${r.poolName}|${r.childEmail}|${r.groupKey}`));
      const { rows } = await exported('a', path(section));
      expect(seen, section).toHaveLength(rows.length);
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});

describe('GET /api/LicenseAllocation/export', () => {
  it('exports the License Allocations list: the caller’s own groups, with its search', async () => {
    const { res, header, rows } = await exported('a', '/LicenseAllocation/export');
    expect(res.headers['content-disposition']).toBe('attachment; filename="license-allocations_2026-11-21T0900Z.csv"');
    expect(header).toEqual([...COUNTS, 'Allocated']);
    const list = (await get('a', '/LicenseAllocation/user-summary?pageSize=50')).json().data as MyAllocationGroup[];
    expect(rows.map((r) => `${r[2]}|${r[6]}|${r[10]}`)).toEqual(
      list.map((g) => `${g.edition}|${g.totalCount}|${g.allocatedCount}`),
    );
    expect(rows).toHaveLength(2);
    expect((await exported('a', '/LicenseAllocation/export?search=enterprise')).rows.map((r) => r[2])).toEqual([
      'Enterprise',
    ]);
    expect((await exported('other', '/LicenseAllocation/export')).rows.map((r) => r[6])).toEqual(['9']);
    await expectExportAudit(suite.ctx.handle.db, 'license-allocations', {}, { actorId: suite.other.a });
  });
});
