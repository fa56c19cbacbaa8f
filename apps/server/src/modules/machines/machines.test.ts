import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, auditEvents, machineBindings, machines, movementLines, movements } from '../../db/schema';
import { apiCall, createTestContext, type TestContext } from '../../../test/helper';
import { issue, ledgerState, lot, ppuLot, rowOf, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';
import { findCounterViolations } from '../agent';

let ctx: TestContext;
let org: StockOrg;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

beforeEach(async () => {
  org = await stockOrg(ctx.handle.db);
  for (const key of ['a', 'b', 'u1', 'd'] as const) {
    const [row] = await ctx.handle.db.select().from(accounts).where(eq(accounts.id, org[key]));
    tokens[key] = await ctx.login(row!.email);
  }
});

const now = () => ctx.clock.now();
/** The answer's status beside its envelope's fields (data, message, code). */
const call = async (who: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const { status, body } = await apiCall(ctx, method, url, tokens[who]!, payload);
  return { status, ...(body as { data: unknown; message?: string; code?: string }) };
};
const post = (who: string, url: string, payload: object) => call(who, 'POST', url, payload);
const startJob = (who: string, machineName: string, clientKey: string, fingerprint = `fp-${machineName}`) =>
  post(who, '/Agent/jobs', { machineName, clientKey, name: `Job ${clientKey}`, productCode: 'MBX', fingerprint });
const machineOf = async (name: string) =>
  (
    await ctx.handle.db
      .select()
      .from(machines)
      .where(and(eq(machines.tenantId, org.a), eq(machines.name, name)))
  )[0]!;
const auditRows = async (action: string) =>
  (await ctx.handle.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter(
    (row) => row.tenantId === org.a,
  );
/** The ledger and the kept counters agree with themselves after every step. */
const invariantsHold = async () => {
  expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  expect(await findCounterViolations(ctx.handle.db)).toEqual([]);
};

describe('POST /Machine/release-binding', () => {
  it("returns the machine's bound unit to its pool with a Release movement, audited; a second release finds nothing", async () => {
    const fixed = await issue(ctx.handle.db, org, org.a, lot(now(), 2), now());
    expect((await startJob('a', 'REL-01', 'job-1')).data).toMatchObject({ licensing: 'NodeLocked' });
    expect(await rowOf(ctx.handle.db, org.pool.a, fixed.licenseId)).toMatchObject({ available: 1, consumed: 1 });
    await invariantsHold();
    const machine = await machineOf('REL-01');

    // Only an Admin, and only bindings of its pools: B (an Admin below A) has none here.
    expect((await post('u1', '/Machine/release-binding', { machineName: 'REL-01' })).status).toBe(403);
    expect((await post('b', '/Machine/release-binding', { machineName: 'REL-01' })).status).toBe(404);
    const before = await ledgerState(ctx.handle.db);
    expect((await post('a', '/Machine/release-binding', { machineName: 'REL-01', licenseId: org.p1 })).status).toBe(
      404,
    );
    expect(await ledgerState(ctx.handle.db)).toBe(before);

    const released = await post('a', '/Machine/release-binding', {
      machineName: 'REL-01',
      licenseId: fixed.licenseId,
    });
    expect(released).toMatchObject({ status: 200, data: { id: machine.id, name: 'REL-01', released: 1 } });
    expect(await rowOf(ctx.handle.db, org.pool.a, fixed.licenseId)).toMatchObject({ available: 2, consumed: 0 });
    expect(await ctx.handle.db.select().from(machineBindings).where(eq(machineBindings.machineId, machine.id))).toEqual(
      [],
    );
    const [movement] = await ctx.handle.db
      .select()
      .from(movements)
      .where(and(eq(movements.targetId, machine.id), eq(movements.action, 'Release')));
    expect(movement).toMatchObject({ targetType: 'Machine', targetName: 'REL-01', quantity: 1, actorId: org.a });
    expect(
      await ctx.handle.db.select().from(movementLines).where(eq(movementLines.movementId, movement!.id)),
    ).toMatchObject([{ poolId: org.pool.a, licenseId: fixed.licenseId, dAvailable: 1, dConsumed: -1 }]);
    const [release] = await auditRows('machine.release');
    expect(release?.detail).toMatchObject({ machineName: 'REL-01', units: 1 });
    // The Audit Trail's Target column names the machine.
    expect(release?.targetLabel).toBe('REL-01');
    await invariantsHold();

    // Nothing bound any more: said so, nothing moves.
    const again = await post('a', '/Machine/release-binding', { machineName: 'REL-01' });
    expect(again).toMatchObject({ status: 404, message: expect.stringContaining('nothing to release') });
    // The machine's next job binds a unit again.
    expect((await startJob('a', 'REL-01', 'job-2')).data).toMatchObject({ licensing: 'NodeLocked' });
    await invariantsHold();
  });
});

describe('POST /Machine/block and /Machine/unblock', () => {
  it('refuses every agent call of a blocked machine with MACHINE_BLOCKED, keeps its units bound, and serves it again once unblocked', async () => {
    const fixed = await issue(ctx.handle.db, org, org.a, lot(now(), 1), now());
    await issue(ctx.handle.db, org, org.a, ppuLot(now(), 5), now());
    const job = (await startJob('a', 'BLK-01', 'job-1')).data as { jobId: string };
    // A job without a fingerprint licenses per mailbox: one mailbox of it holds a unit in transit.
    const perMailbox = (
      await post('a', '/Agent/jobs', { machineName: 'BLK-01', clientKey: 'per-mailbox', name: 'P', productCode: 'MBX' })
    ).data as { jobId: string };
    const mailbox = (
      await post('a', `/Agent/jobs/${perMailbox.jobId}/mailboxes`, {
        sourceMailbox: 'm@source',
        sourceType: 'Exchange',
        targetMailbox: 'm@target',
        destinationType: 'Microsoft 365',
      })
    ).data as { mailboxId: string };

    expect((await post('u1', '/Machine/block', { machineName: 'BLK-01' })).status).toBe(403);
    expect((await post('a', '/Machine/block', { machineName: 'NO-SUCH' })).status).toBe(404);
    // B manages only its own subtree: nobody of it used BLK-01.
    expect((await post('b', '/Machine/block', { machineName: 'BLK-01' })).status).toBe(404);
    const blocked = await post('a', '/Machine/block', { machineName: 'BLK-01' });
    expect(blocked).toMatchObject({ status: 200, data: { name: 'BLK-01', blocked: true } });
    // Idempotent: blocked again, the first block stays.
    const twice = await post('a', '/Machine/block', { machineName: 'BLK-01' });
    expect(twice.data).toEqual(blocked.data);
    expect((await machineOf('BLK-01')).blockedBy).toBe(org.a);
    expect((await auditRows('machine.block')).map((row) => [row.targetLabel, row.detail])).toMatchObject([
      ['BLK-01', { machineName: 'BLK-01', changed: true }],
      ['BLK-01', { machineName: 'BLK-01', changed: false }],
    ]);

    const before = await ledgerState(ctx.handle.db);
    const refusals = [
      await post('a', '/Agent/machines', { name: 'BLK-01', fingerprint: 'fp-BLK-01' }),
      await startJob('a', 'BLK-01', 'job-2'),
      await post('a', `/Agent/jobs/${perMailbox.jobId}/mailboxes`, {
        sourceMailbox: 'n@source',
        sourceType: 'Exchange',
        targetMailbox: 'n@target',
        destinationType: 'Microsoft 365',
      }),
      await post('a', `/Agent/mailboxes/${mailbox.mailboxId}/progress`, { folders: [] }),
      await post('a', `/Agent/mailboxes/${mailbox.mailboxId}/complete`, { status: 'Completed' }),
      await post('a', `/Agent/jobs/${job.jobId}/complete`, {}),
    ];
    for (const refused of refusals) {
      expect(refused).toMatchObject({
        status: 403,
        code: 'MACHINE_BLOCKED',
        message: expect.stringContaining('BLK-01 is blocked'),
      });
    }
    expect(await ledgerState(ctx.handle.db)).toBe(before);
    expect(await auditRows('agent.machine.blocked')).toHaveLength(2);
    // Its unit stays bound until an Admin releases it.
    expect(await rowOf(ctx.handle.db, org.pool.a, fixed.licenseId)).toMatchObject({ consumed: 1 });
    const detail = await call('a', 'GET', `/Machine/${(await machineOf('BLK-01')).id}`);
    expect(detail.data).toMatchObject({
      blocked: true,
      blockedByName: 'Alex Admin',
      manageable: true,
      boundUnits: [{ licenseId: fixed.licenseId, productCode: 'MBX', poolId: org.pool.a, releasable: true }],
    });
    await invariantsHold();

    const unblocked = await post('a', '/Machine/unblock', { machineName: 'BLK-01' });
    expect(unblocked).toMatchObject({ status: 200, data: { blocked: false, blockedAt: null } });
    expect((await post('a', '/Machine/unblock', { machineName: 'BLK-01' })).status).toBe(200);
    expect(await auditRows('machine.unblock')).toHaveLength(2);
    expect((await post('a', `/Agent/mailboxes/${mailbox.mailboxId}/complete`, { status: 'Completed' })).status).toBe(
      200,
    );
    expect((await startJob('a', 'BLK-01', 'job-2')).data).toMatchObject({ licensing: 'NodeLocked' });
    await invariantsHold();
  });
});

describe('GET /Machine/{machineId}', () => {
  it("shows a reader the machine, the units of its scope's pools bound to it and its jobs; 404 outside the scope", async () => {
    const fixed = await issue(ctx.handle.db, org, org.a, lot(now(), 1), now());
    await startJob('a', 'DET-01', 'job-1');
    ctx.clock.advanceMinutes(1);
    await startJob('a', 'DET-01', 'job-2');
    const machine = await machineOf('DET-01');
    const seen = await call('a', 'GET', `/Machine/${machine.id}`);
    expect(seen).toMatchObject({
      status: 200,
      data: {
        name: 'DET-01',
        fingerprint: 'fp-DET-01',
        blocked: false,
        manageable: true,
        jobCount: 2,
        boundUnits: [
          {
            licenseId: fixed.licenseId,
            productName: expect.any(String),
            poolName: 'Default Pool of Alex Admin',
            fingerprint: 'fp-DET-01',
            releasable: true,
          },
        ],
      },
    });
    expect((seen.data as { jobs: { name: string }[] }).jobs.map((j) => j.name)).toEqual(['Job job-2', 'Job job-1']);
    // Neither U1 nor D (below B) ran a job on it or bound a unit to it: they do not see it.
    const user = await call('u1', 'GET', `/Machine/${machine.id}`);
    expect(user.status).toBe(404);
    expect((await call('d', 'GET', `/Machine/${machine.id}`)).status).toBe(404);
    expect((await call('a', 'GET', '/Machine/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await call('a', 'GET', '/Machine/not-an-id')).status).toBe(400);
  });
});

describe('the demo organisation', () => {
  it('has a machine with a bound unit and a blocked one, whose unit stays bound', async () => {
    const demo = async (name: string) =>
      (await ctx.handle.db.select().from(machines).where(eq(machines.name, name))).find((m) => m.tenantId !== org.a)!;
    const bindingsOf = async (machineId: string) =>
      ctx.handle.db.select().from(machineBindings).where(eq(machineBindings.machineId, machineId));
    const server = await demo('MIG-SERVER-01');
    expect(server.blockedAt).toBeNull();
    expect((await bindingsOf(server.id)).length).toBeGreaterThan(0);
    const laptop = await demo('LAPTOP-FIELD-03');
    expect(laptop.blockedAt).not.toBeNull();
    expect(laptop.blockedBy).not.toBeNull();
    expect((await bindingsOf(laptop.id)).length).toBeGreaterThan(0);
  });
});
