import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_MAX_TARGETS,
  BULK_MSG,
  BULK_UNDO_MINUTES,
  type BulkOperation,
  type BulkRow,
} from '@portal/contracts/bulk';
import { accounts, auditEvents, bulkOperations, movements } from '../../db/schema';
import { apiCall, createTestContext, type TestContext } from '../../../test/helper';
import { signIn } from '../../../test/fixtures';
import { issue, item, lot, rowOf, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';

let ctx: TestContext;
let org: StockOrg;
let other: StockOrg;
let tokens: Record<'a' | 'b' | 'otherAdmin', string>;
let licenseId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await stockOrg(ctx.handle.db);
  other = await stockOrg(ctx.handle.db);
  licenseId = (await issue(ctx.handle.db, org, org.a, lot(ctx.clock.now(), 50), ctx.clock.now())).licenseId;
  tokens = await signIn(ctx, { a: org.a, b: org.b, otherAdmin: other.a });
});
afterAll(async () => {
  expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, token = tokens.a, payload?: object) =>
  apiCall(ctx, method, url, token, payload);
const start = (payload: object, token = tokens.a) => call('POST', '/Bulk', token, payload);
const available = async (poolId: string) => (await rowOf(ctx.handle.db, poolId, licenseId))?.available ?? 0;
const movementCount = async () => (await ctx.handle.db.select({ n: count() }).from(movements))[0]!.n;
const batchCount = async () => (await ctx.handle.db.select({ n: count() }).from(bulkOperations))[0]!.n;

/** Starts a batch and lets the background runner change every row, as it does on its own. */
async function run(payload: object, token = tokens.a) {
  const started = await start(payload, token);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = (started.body.data as unknown as BulkOperation).id;
  await ctx.app.bulk.drain();
  return settled(id, token);
}
async function settled(id: string, token = tokens.a) {
  const done = (await call('GET', `/Bulk/${id}`, token)).body.data as unknown as BulkOperation;
  const rows = (await call('GET', `/Bulk/${id}/rows?pageSize=100`, token)).body.data as unknown as BulkRow[];
  return { done, rows };
}
async function undo(id: string) {
  const asked = await call('POST', `/Bulk/${id}/undo`);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  await ctx.app.bulk.drain();
  return settled((asked.body.data as unknown as BulkOperation).id);
}

describe('bulk changes (decision 049)', () => {
  it('allocates the same units to every ticked target, each a movement and an audit row, then undoes them exactly', async () => {
    const before = { a: await available(org.pool.a), u1: await available(org.pool.u1), p1: await available(org.p1) };
    const movementsBefore = await movementCount();
    const { done, rows } = await run({
      targetType: 'User',
      ids: [org.u2, org.u1],
      action: { kind: 'allocate', items: [item(3)] },
    });
    expect(done).toMatchObject({ status: 'Done', total: 2, units: 6, counts: { queued: 0, done: 2, failed: 0 } });
    expect(done.undoUntil).not.toBeNull();
    // In the order ticked.
    expect(rows.map((row) => [row.targetId, row.status, row.message])).toEqual([
      [org.u2, 'Done', '3 units allocated.'],
      [org.u1, 'Done', '3 units allocated.'],
    ]);
    expect(await available(org.pool.a)).toBe(before.a - 6);
    expect(await available(org.pool.u1)).toBe(before.u1 + 3);
    expect(await movementCount()).toBe(movementsBefore + 2);
    const trail = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'stock.allocate'), sql`${auditEvents.detail}->>'bulk' = ${done.id}`));
    expect(trail).toHaveLength(2);

    // Pools are targets too.
    const pool = await run({ targetType: 'Pool', ids: [org.p1], action: { kind: 'allocate', items: [item(2)] } });
    expect(pool.done.counts.done).toBe(1);
    expect(await available(org.p1)).toBe(before.p1 + 2);

    const undone = await undo(done.id);
    expect(undone.done).toMatchObject({ kind: 'revoke', undoOf: done.id, status: 'Done', units: 6 });
    expect(await available(org.pool.u1)).toBe(before.u1);
    expect(await available(org.pool.a)).toBe(before.a - 2);
    expect(await movementCount()).toBe(movementsBefore + 2 + 1 + 2);
    const again = await call('POST', `/Bulk/${done.id}/undo`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BULK_MSG.undoTwice);
    expect((await call('GET', `/Bulk/${done.id}`)).body.data).toMatchObject({
      undoneBy: undone.done.id,
      undoUntil: null,
    });
    const ofUndo = await call('POST', `/Bulk/${undone.done.id}/undo`);
    expect(ofUndo.status).toBe(400);
    expect(ofUndo.body.message).toBe(BULK_MSG.undoOfUndo);
  });

  it('refuses a batch the stock cannot cover in total, before anything moves', async () => {
    const [batches, moved, left] = [await batchCount(), await movementCount(), await available(org.pool.a)];
    const perTarget = Math.floor(left / 2) + 1;
    const refused = await start({
      targetType: 'User',
      ids: [org.u1, org.u2],
      action: { kind: 'allocate', items: [item(perTarget)] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(`^Not enough .+: ${perTarget * 2} needed for 2 targets, ${left} available\\.$`),
    );
    expect([await batchCount(), await movementCount(), await available(org.pool.a)]).toEqual([batches, moved, left]);
  });

  it('fails a refused target alone, with the reason, and changes the others', async () => {
    // Dana is Blair's user: not a user of Alex's to give units to, though Alex's list shows her.
    const { done, rows } = await run({
      targetType: 'User',
      ids: [org.u1, org.d],
      action: { kind: 'allocate', items: [item(1)] },
    });
    expect(done.counts).toEqual({ queued: 0, done: 1, failed: 1 });
    // Failed first.
    expect(rows[0]).toMatchObject({
      targetId: org.d,
      status: 'Failed',
      message: 'Not changed: No such user.',
      units: 0,
    });
    expect(rows[1]).toMatchObject({ targetId: org.u1, status: 'Done', units: 1 });
  });

  it('revokes up to its count from each target, and says so', async () => {
    const held = await available(org.pool.u1);
    const { done, rows } = await run({
      targetType: 'User',
      ids: [org.u1, org.u2],
      action: { kind: 'revoke', items: [item(held + 5)] },
    });
    expect(rows.find((row) => row.targetId === org.u1)).toMatchObject({ status: 'Done', units: held });
    expect(rows.find((row) => row.targetId === org.u2)).toMatchObject({
      status: 'Failed',
      message: `Not changed: ${BULK_MSG.nothingToRevoke}`,
    });
    expect(done.units).toBe(held);
    expect(await available(org.pool.u1)).toBe(0);
  });

  it('fails an undo row whose units were used since, and undoes the rest', async () => {
    const { done } = await run({
      targetType: 'User',
      ids: [org.u1, org.u2],
      action: { kind: 'allocate', items: [item(2)] },
    });
    // One of Umar's two units goes back by a single revoke: the batch's can no longer all come back.
    const single = await call('POST', '/LicenseAllocation/revoke', tokens.a, {
      targetId: org.u2,
      isUser: true,
      productAllocations: [item(1)],
    });
    expect(single.status).toBe(200);
    const undone = await undo(done.id);
    expect(undone.done.counts).toEqual({ queued: 0, done: 1, failed: 1 });
    expect(undone.rows[0]).toMatchObject({ targetId: org.u2, status: 'Failed' });
    expect(undone.rows[0]!.message).toMatch(/^Not changed: /);
    expect(await available(org.pool.u1)).toBe(0);
    expect(await available(org.pool.u2)).toBe(1);
  });

  it('offers Undo for ten minutes only', async () => {
    const { done } = await run({ targetType: 'Pool', ids: [org.p1], action: { kind: 'allocate', items: [item(1)] } });
    ctx.clock.advanceMinutes(BULK_UNDO_MINUTES + 1);
    const late = await call('POST', `/Bulk/${done.id}/undo`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(BULK_MSG.undoExpired);
    expect((await call('GET', `/Bulk/${done.id}`)).body.data).toMatchObject({ undoUntil: null });
  });

  it('lets one of two undos sent at once through', async () => {
    const { done } = await run({ targetType: 'Pool', ids: [org.p1], action: { kind: 'allocate', items: [item(1)] } });
    const answers = await Promise.all([call('POST', `/Bulk/${done.id}/undo`), call('POST', `/Bulk/${done.id}/undo`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await ctx.app.bulk.drain();
  });

  it('fails the rows the stock no longer covers once a single allocation took it, and never overdraws', async () => {
    const left = await available(org.pool.a);
    const each = Math.floor(left / 2);
    // Checked in total now; changed only once the single allocation below has taken its units.
    await ctx.app.bulk.runner.stop();
    try {
      const started = await start({
        targetType: 'User',
        ids: [org.u1, org.u2],
        action: { kind: 'allocate', items: [item(each)] },
      });
      expect(started.status).toBe(200);
      const single = await call('POST', '/LicenseAllocation/allocate', tokens.a, {
        targetId: org.p1,
        isUser: false,
        productAllocations: [item(left - each)],
      });
      expect(single.status).toBe(200);
      await ctx.app.bulk.drain();
      const { done, rows } = await settled((started.body.data as unknown as BulkOperation).id);
      expect(done.counts).toEqual({ queued: 0, done: 1, failed: 1 });
      expect(rows[0]).toMatchObject({ targetId: org.u2, status: 'Failed', units: 0 });
      expect(rows[1]).toMatchObject({ targetId: org.u1, status: 'Done', units: each });
      expect(await available(org.pool.a)).toBe(0);
    } finally {
      await ctx.app.bulk.runner.start();
    }
  });

  it('changes every user the filter matches, with the rules of one at a time', async () => {
    // "Um" matches Uma and Umar (and nobody in the other organisation).
    const { done, rows } = await run({
      targetType: 'User',
      matching: { search: 'Um' },
      action: { kind: 'status', active: false },
    });
    expect(done.total).toBe(2);
    expect(rows.every((row) => row.status === 'Done' && row.message === 'User deactivated.')).toBe(true);
    const inactive = await ctx.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.active, false));
    expect(inactive.map((row) => row.id).sort()).toEqual([org.u1, org.u2].sort());
    await run({ targetType: 'User', ids: [org.u1, org.u2], action: { kind: 'status', active: true } });

    const roles = await run({ targetType: 'User', ids: [org.u2], action: { kind: 'role', role: 'Auditor' } });
    expect(roles.rows[0]).toMatchObject({ status: 'Done', message: 'Roles updated.' });
    const [umar] = await ctx.handle.db.select().from(accounts).where(eq(accounts.id, org.u2));
    expect(umar!.roles).toEqual(['Auditor']);

    // Dana is Blair's: Alex's Sales pool is not hers to join.
    const pool = await run({ targetType: 'User', ids: [org.u2, org.d], action: { kind: 'pool', poolId: org.p1 } });
    expect(pool.done.summary).toBe('Move to pool Sales');
    expect(pool.rows.map((row) => [row.targetId, row.status, row.message])).toEqual([
      [org.d, 'Failed', 'Not changed: No such pool.'],
      [org.u2, 'Done', 'Moved to pool Sales.'],
    ]);
    const trail = await ctx.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.pool'), sql`${auditEvents.detail}->>'bulk' = ${pool.done.id}`));
    expect(trail).toHaveLength(1);
  });

  it('refuses bad selections with a clear message and stores nothing', async () => {
    const before = await batchCount();
    const cases: [object, number, string][] = [
      [{ targetType: 'User', ids: [other.u1], action: { kind: 'status', active: false } }, 400, BULK_MSG.notYours],
      [
        { targetType: 'User', ids: [org.u1, other.u1], action: { kind: 'status', active: false } },
        400,
        BULK_MSG.notYours,
      ],
      [{ targetType: 'User', ids: [], action: { kind: 'status', active: false } }, 400, BULK_MSG.chooseTargets],
      [
        { targetType: 'User', ids: [org.u1], matching: {}, action: { kind: 'status', active: false } },
        400,
        BULK_MSG.idsOrMatching,
      ],
      [{ targetType: 'User', action: { kind: 'status', active: false } }, 400, BULK_MSG.idsOrMatching],
      [{ targetType: 'Pool', ids: [org.p1], action: { kind: 'role', role: 'Admin' } }, 400, BULK_MSG.usersOnly],
      [
        { targetType: 'User', matching: { search: 'nobody-at-all' }, action: { kind: 'status', active: false } },
        400,
        BULK_MSG.noneMatch,
      ],
      [
        { targetType: 'User', ids: [org.u1, org.u1], action: { kind: 'status', active: false } },
        400,
        BULK_MSG.repeatedId,
      ],
      [
        {
          targetType: 'User',
          ids: Array.from({ length: BULK_MAX_TARGETS + 1 }, () => randomUUID()),
          action: { kind: 'status', active: false },
        },
        400,
        BULK_MSG.tooMany,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const refused = await start(payload);
      expect(refused.status, JSON.stringify(payload).slice(0, 200)).toBe(status);
      expect(refused.body.message).toBe(message);
    }
    expect(await batchCount()).toBe(before);
  });

  it('shows a batch to the Admin who started it only', async () => {
    const { done } = await run({ targetType: 'User', ids: [org.u1], action: { kind: 'role', role: 'User' } });
    for (const token of [tokens.b, tokens.otherAdmin]) {
      expect((await call('GET', `/Bulk/${done.id}`, token)).status).toBe(404);
      expect((await call('GET', `/Bulk/${done.id}/rows`, token)).status).toBe(404);
      expect((await call('POST', `/Bulk/${done.id}/undo`, token)).status).toBe(404);
    }
    const list = await call('GET', '/Bulk?pageSize=50');
    expect((list.body.data as unknown as BulkOperation[]).some((batch) => batch.id === done.id)).toBe(true);
    expect(((await call('GET', '/Bulk', tokens.b)).body.data as unknown as BulkOperation[]).length).toBe(0);
  });
});
