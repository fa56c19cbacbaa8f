import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, auditEvents, folders, jobs, machineBindings, machines, mailboxes, movements } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addAccount } from '../../../test/fixtures';
import { DAY, issue, ledgerState, lot, rowOf, type StockOrg, stockOrg, ppuLot } from '../../../test/stock-fixtures';
import { allocate, findLedgerViolations } from '../stock';
import { findCounterViolations } from './agent.invariants';
import { failSilentMailboxes, timeoutMessage } from './agent.timeout';

let ctx: TestContext;
let org: StockOrg;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  expect(await findCounterViolations(ctx.handle.db)).toEqual([]);
  await ctx.close();
});

async function signIn(...who: ('a' | 'u1' | 'u2' | 'd')[]) {
  for (const key of who) {
    const [row] = await ctx.handle.db.select().from(accounts).where(eq(accounts.id, org[key]));
    tokens[key] = await ctx.login(row!.email);
  }
}

beforeEach(async () => {
  org = await stockOrg(ctx.handle.db);
  await signIn('a', 'u1', 'u2', 'd');
});

const post = async (who: string, url: string, payload: object = {}) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(tokens[who]!), payload });
  return { status: res.statusCode, body: res.json<{ data: Record<string, string>; message: string }>() };
};
/** A job start as the agent sends it: by default with the fingerprint of the computer named `machineName`. */
const startJob = (
  who: string,
  machineName: string,
  clientKey: string,
  productCode = 'MBX',
  /** null: the call sends none. */
  fingerprint: string | null = `fp-${machineName}`,
) =>
  post(who, '/Agent/jobs', {
    machineName,
    clientKey,
    name: `Job ${clientKey}`,
    productCode,
    ...(fingerprint === null ? {} : { fingerprint }),
  });
const mailboxBody = (source: string) => ({
  sourceMailbox: source,
  sourceType: 'Exchange',
  targetMailbox: source.replace('source', 'target'),
  destinationType: 'Microsoft 365',
});
const folder = (folderPath: string, total: number, migrated: number, status = 'InProgress') => ({
  folderPath,
  totalItems: total,
  migratedItems: migrated,
  failedItems: 0,
  filteredItems: 0,
  status,
});
const now = () => ctx.clock.now();
const ppu = (count: number) => ppuLot(now(), count);
/** The movements naming a target, oldest first (a Reserve before the Consume of the same instant). */
const movementsNamed = async (targetId: string) =>
  (
    await ctx.handle.db
      .select()
      .from(movements)
      .where(eq(movements.targetId, targetId))
      .orderBy(asc(movements.createdAt))
  ).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.action === 'Reserve' ? -1 : 1));
const mailboxRow = async (id: string) => (await ctx.handle.db.select().from(mailboxes).where(eq(mailboxes.id, id)))[0]!;
const jobRow = async (id: string) => (await ctx.handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('POST /Agent/machines', () => {
  it('finds the machine by name within the organisation, records its fingerprint, refuses a blank name', async () => {
    const first = await post('a', '/Agent/machines', { name: 'MIG-01', fingerprint: 'fp-1' });
    const again = await post('u1', '/Agent/machines', { name: 'MIG-01', fingerprint: 'fp-1' });
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual({ id: first.body.data.id, name: 'MIG-01', fingerprint: 'fp-1' });
    // A machine registered without a fingerprint records the one it is sent later.
    await post('a', '/Agent/machines', { name: 'MIG-02' });
    expect((await post('u1', '/Agent/machines', { name: 'MIG-02', fingerprint: 'fp-9' })).body.data).toMatchObject({
      fingerprint: 'fp-9',
    });
    expect((await post('a', '/Agent/machines', { name: '  ' })).status).toBe(400);
  });
});

describe('a machine bound to its computer', () => {
  const auditRows = async (action: string) =>
    (await ctx.handle.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter(
      (row) => row.tenantId === org.a,
    );

  it("refuses another computer under the name of a machine its pool's node-locked unit serves, audited, until an Admin releases it", async () => {
    await issue(ctx.handle.db, org, org.a, lot(now(), 1), now());
    await issue(ctx.handle.db, org, org.a, ppu(5), now());
    const bound = await startJob('a', 'MIG-01', 'job-1', 'MBX', 'fp-A');
    expect(bound.body.data).toMatchObject({ licensing: 'NodeLocked' });
    const [machine] = await ctx.handle.db.select().from(machines).where(eq(machines.registeredBy, org.a));
    const movesBefore = (await movementsNamed(machine!.id)).length;

    // Two other computers under the same name: refused, nothing written, each audited.
    for (const fingerprint of ['fp-B', 'fp-C']) {
      const refused = await startJob('a', 'MIG-01', `job-${fingerprint}`, 'MBX', fingerprint);
      expect(refused).toMatchObject({
        status: 409,
        body: { message: expect.stringContaining('MIG-01 is bound to another computer') },
      });
    }
    expect((await post('a', '/Agent/machines', { name: 'MIG-01', fingerprint: 'fp-B' })).status).toBe(409);
    // Without a fingerprint the unit is not used: the job pays per mailbox.
    expect((await startJob('a', 'MIG-01', 'job-none', 'MBX', null)).body.data).toMatchObject({
      licensing: 'PerMailbox',
    });
    // An account that draws on another pool (a reseller's other customer, say) is not bound by it.
    expect((await post('d', '/Agent/machines', { name: 'MIG-01', fingerprint: 'fp-B' })).status).toBe(200);
    const nodeLocked = (await ctx.handle.db.select().from(jobs).where(eq(jobs.machineId, machine!.id))).filter(
      (job) => job.licensing === 'NodeLocked',
    );
    expect(nodeLocked).toHaveLength(1);
    expect(await movementsNamed(machine!.id)).toHaveLength(movesBefore);
    const refusals = await auditRows('agent.machine.refused');
    expect(refusals).toHaveLength(3);
    expect(refusals[0]!.detail).toMatchObject({ machineName: 'MIG-01' });

    // The bound computer itself goes on, on its binding.
    expect((await startJob('a', 'MIG-01', 'job-2', 'MBX', 'fp-A')).body.data).toMatchObject({
      licensing: 'NodeLocked',
    });

    // Only an Admin releases, and only what its pools bound.
    expect((await post('u1', '/Machine/release-binding', { machineName: 'MIG-01' })).status).toBe(403);
    expect((await post('a', '/Machine/release-binding', { machineName: 'NO-SUCH' })).status).toBe(404);
    const released = await post('a', '/Machine/release-binding', { machineName: 'MIG-01' });
    expect(released).toMatchObject({ status: 200, body: { data: { name: 'MIG-01', released: 1 } } });
    expect(await auditRows('machine.release')).toHaveLength(1);
    // Nothing left to release: said so.
    expect((await post('a', '/Machine/release-binding', { machineName: 'MIG-01' })).body.message).toContain(
      'nothing to release',
    );

    // The unit went back to the pool (decision 045); the replacement computer binds it again, and
    // the old one is now refused.
    expect((await startJob('a', 'MIG-01', 'job-3', 'MBX', 'fp-B')).body.data).toMatchObject({
      licensing: 'NodeLocked',
    });
    expect((await startJob('a', 'MIG-01', 'job-4', 'MBX', 'fp-A')).status).toBe(409);
    const actions = (await movementsNamed(machine!.id)).map((m) => m.action).sort();
    expect(movesBefore).toBe(2);
    expect(actions).toEqual(['Consume', 'Consume', 'Release', 'Reserve', 'Reserve']);
  });

  it('binds no node-locked unit to a machine known only by its name: the job licenses per mailbox', async () => {
    const fixed = await issue(ctx.handle.db, org, org.a, lot(now(), 2), now());
    const job = await startJob('a', 'NAMELESS', 'k', 'MBX', null);
    expect(job.body.data).toMatchObject({ licensing: 'PerMailbox' });
    expect(await rowOf(ctx.handle.db, org.pool.a, fixed.licenseId)).toMatchObject({ available: 2, consumed: 0 });
    expect(await ctx.handle.db.select().from(machineBindings).where(eq(machineBindings.poolId, org.pool.a))).toEqual(
      [],
    );
  });
});

describe('POST /Agent/jobs and its licensing', () => {
  it('refuses an unknown product and writes nothing, not even the machine', async () => {
    const res = await startJob('a', 'NEW-MACHINE', 'k1', 'NOPE');
    expect(res).toMatchObject({ status: 400, body: { message: 'Unknown product code.' } });
    const [tenant] = await ctx.handle.db.select().from(machines).where(eq(machines.registeredBy, org.a));
    expect(tenant).toBeUndefined();
  });

  it('binds a node-locked unit to the machine at its first job, reuses it until the lot expires, then binds anew or falls back', async () => {
    const fixed = await issue(ctx.handle.db, org, org.a, lot(now(), 2), now());
    const first = await startJob('a', 'MIG-01', 'job-1');
    expect(first).toMatchObject({ status: 200, body: { data: { status: 'InProgress', licensing: 'NodeLocked' } } });
    // The retried start: the same job, nothing moved.
    expect((await startJob('a', 'MIG-01', 'job-1')).body.data).toEqual(first.body.data);
    const machine = (await ctx.handle.db.select().from(machines).where(eq(machines.registeredBy, org.a)))[0]!;
    const bound = await movementsNamed(machine.id);
    expect(bound.map((m) => [m.action, m.targetType, m.targetName, m.quantity])).toEqual([
      ['Reserve', 'Machine', 'MIG-01', -1],
      ['Consume', 'Machine', 'MIG-01', -1],
    ]);
    expect(await rowOf(ctx.handle.db, org.pool.a, fixed.licenseId)).toMatchObject({ available: 1, consumed: 1 });
    const [binding] = await ctx.handle.db
      .select()
      .from(machineBindings)
      .where(eq(machineBindings.machineId, machine.id));
    expect(binding).toMatchObject({ licenseId: fixed.licenseId, productCode: 'MBX', poolId: org.pool.a });
    expect(binding!.expiresAt!.getTime()).toBe(now().getTime() + 30 * DAY);

    // A further job on the machine by an account of the same pool: no unit moves.
    const second = await startJob('a', 'MIG-01', 'job-2');
    expect(second.body.data).toMatchObject({ licensing: 'NodeLocked' });
    const mailbox = await post('a', `/Agent/jobs/${second.body.data.jobId}/mailboxes`, mailboxBody('a@source.test'));
    expect(mailbox.body.data).toMatchObject({ status: 'InProgress', licenseState: 'None' });
    expect(await movementsNamed(machine.id)).toHaveLength(2);

    // Another account of the organisation that draws on another pool (its own, holding no node-locked
    // unit) gets nothing from the binding a's pool paid for: its job licenses per mailbox.
    const other = await startJob('u2', 'MIG-01', 'job-2');
    expect(other.body.data).toMatchObject({ licensing: 'PerMailbox' });
    // Same machine and clientKey as a's job, another account: another job, not a's.
    expect(other.body.data.jobId).not.toBe(second.body.data.jobId);
    expect(await movementsNamed(machine.id)).toHaveLength(2);

    // Past the lot's end: the machine's binding no longer counts, and the pool has nothing valid.
    ctx.clock.advanceMinutes(31 * 24 * 60);
    await signIn('a');
    const perMailbox = (await startJob('a', 'MIG-01', 'job-3')).body.data;
    expect(perMailbox).toMatchObject({ licensing: 'PerMailbox' });
    const forever = await issue(
      ctx.handle.db,
      org,
      org.a,
      lot(now(), 1, { durationType: 'Perpetual', usageType: 'NodeLockedForever', duration: null }),
      now(),
    );
    // A per-mailbox job draws Pay-Per-Use units only, never the node-locked unit now in the pool.
    const refused = await post('a', `/Agent/jobs/${perMailbox.jobId}/mailboxes`, mailboxBody('z@source.test'));
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('Only 0 Mailbox') } });
    expect((await startJob('a', 'MIG-01', 'job-4')).body.data).toMatchObject({ licensing: 'NodeLocked' });
    const bindings = await ctx.handle.db
      .select()
      .from(machineBindings)
      .where(eq(machineBindings.machineId, machine.id));
    expect(bindings.map((b) => b.licenseId).sort()).toEqual([fixed.licenseId, forever.licenseId].sort());
    expect(bindings.find((b) => b.licenseId === forever.licenseId)?.expiresAt).toBeNull();
  });
});

describe('a per-mailbox job', () => {
  it('reserves a Pay-Per-Use unit per mailbox, settles it once whatever the retries, and refuses when none is left', async () => {
    const ppuLot = await issue(ctx.handle.db, org, org.u2, ppu(2), now());
    const job = (await startJob('u2', 'MIG-02', 'ppu-1')).body.data;
    expect(job).toMatchObject({ licensing: 'PerMailbox' });
    const url = `/Agent/jobs/${job.jobId}/mailboxes`;
    const first = await post('u2', url, mailboxBody('ann@source.test'));
    expect(first.body.data).toMatchObject({ jobId: job.jobId, status: 'InProgress', licenseState: 'Reserved' });
    // A lost answer: the agent starts the mailbox again and gets the same one, no second unit.
    expect((await post('u2', url, mailboxBody('ann@source.test'))).body.data).toEqual(first.body.data);
    expect(await rowOf(ctx.handle.db, org.pool.u2, ppuLot.licenseId)).toMatchObject({ available: 1, inTransit: 1 });
    const id = first.body.data.mailboxId!;
    expect((await mailboxRow(id)).reservation).toEqual({
      poolId: org.pool.u2,
      groupKey: 'MBX|Enterprise|Perpetual|-|Transactional',
      lots: [{ licenseId: ppuLot.licenseId, quantity: 1 }],
    });

    const report = { folders: [folder('/Inbox', 100, 40), folder('/Sent', 20, 20, 'Completed')] };
    for (let i = 0; i < 2; i += 1)
      expect((await post('u2', `/Agent/mailboxes/${id}/progress`, report)).status).toBe(200);
    await post('u2', `/Agent/mailboxes/${id}/progress`, { folders: [folder('/Inbox', 100, 90)] });
    expect(await mailboxRow(id)).toMatchObject({ folderCount: 2, totalItems: 120, migratedItems: 110 });
    expect(await jobRow(job.jobId!)).toMatchObject({ mailboxCount: 1, totalItems: 120, migratedItems: 110 });

    const done = await post('u2', `/Agent/mailboxes/${id}/complete`, { status: 'Completed' });
    expect(done.body.data).toMatchObject({ status: 'Completed', licenseState: 'Consumed' });
    // A retried end, even one that says otherwise, answers what was recorded and moves nothing.
    expect((await post('u2', `/Agent/mailboxes/${id}/complete`, { status: 'Failed' })).body.data).toEqual(
      done.body.data,
    );
    expect((await movementsNamed(id)).map((m) => [m.action, m.targetType, m.targetName])).toEqual([
      ['Reserve', 'Mailbox', 'ann@source.test'],
      ['Consume', 'Mailbox', 'ann@source.test'],
    ]);
    expect((await post('u2', `/Agent/mailboxes/${id}/progress`, report)).status).toBe(409);

    const failing = (await post('u2', url, mailboxBody('bob@source.test'))).body.data.mailboxId!;
    const failed = await post('u2', `/Agent/mailboxes/${failing}/complete`, {
      status: 'Failed',
      errorMessage: 'No access',
    });
    expect(failed.body.data).toMatchObject({ status: 'Failed', licenseState: 'Released' });
    const open = (await post('u2', url, mailboxBody('cid@source.test'))).body.data.mailboxId!;
    expect(await rowOf(ctx.handle.db, org.pool.u2, ppuLot.licenseId)).toMatchObject({ available: 0, inTransit: 1 });

    const before = await ledgerState(ctx.handle.db);
    const refused = await post('u2', url, mailboxBody('dan@source.test'));
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('Mailbox Migration') } });
    expect(await ledgerState(ctx.handle.db)).toBe(before);
    expect(await jobRow(job.jobId!)).toMatchObject({ mailboxCount: 3 });
    const dan = await ctx.handle.db.select().from(mailboxes).where(eq(mailboxes.sourceMailbox, 'dan@source.test'));
    expect(dan).toEqual([]);

    // The job ends: the open mailbox is cancelled and its unit released; the status adds up.
    const ended = await post('u2', `/Agent/jobs/${job.jobId}/complete`, {});
    expect(ended.body.data).toEqual({ jobId: job.jobId, status: 'CompletedWithErrors' });
    expect((await post('u2', `/Agent/jobs/${job.jobId}/complete`, { status: 'Failed' })).body.data).toEqual(
      ended.body.data,
    );
    expect(await mailboxRow(open)).toMatchObject({ status: 'Cancelled', licenseState: 'Released' });
    expect(await jobRow(job.jobId!)).toMatchObject({
      mailboxesCompleted: 1,
      mailboxesFailed: 1,
      mailboxesCancelled: 1,
      endDate: now(),
    });
    expect(await rowOf(ctx.handle.db, org.pool.u2, ppuLot.licenseId)).toMatchObject({
      available: 1,
      inTransit: 0,
      consumed: 1,
    });
    expect((await post('u2', url, mailboxBody('eve@source.test'))).status).toBe(409);
    expect((await post('u2', `/Agent/mailboxes/${open}/complete`, { status: 'Completed' })).body.data).toMatchObject({
      status: 'Cancelled',
    });
  });

  it("draws from a member's shared pool", async () => {
    const ppuLot = await issue(ctx.handle.db, org, org.a, ppu(3), now());
    await allocate(ctx.handle.db, {
      actorId: org.a,
      targetId: org.p1,
      isUser: false,
      items: [{ groupKey: 'MBX|Enterprise|Perpetual|-|Transactional', productCode: 'MBX', quantity: 2 }],
      now: now(),
    });
    const job = (await startJob('u1', 'MIG-03', 'pool-1')).body.data;
    const mailbox = (await post('u1', `/Agent/jobs/${job.jobId}/mailboxes`, mailboxBody('x@source.test'))).body.data;
    expect((await mailboxRow(mailbox.mailboxId!)).reservation).toMatchObject({ poolId: org.pool.p1 });
    expect(await rowOf(ctx.handle.db, org.pool.p1, ppuLot.licenseId)).toMatchObject({ available: 1, inTransit: 1 });
  });
});

describe('item counters', () => {
  it('sum past 2^31 on a mailbox and its job, and the reports read them exactly', async () => {
    await issue(ctx.handle.db, org, org.u2, ppu(1), now());
    const job = (await startJob('u2', 'MIG-BIG', 'big-1')).body.data;
    const id = (await post('u2', `/Agent/jobs/${job.jobId}/mailboxes`, mailboxBody('big@source.test'))).body.data
      .mailboxId!;
    const big = {
      folders: [folder('/Archive 1', 1_500_000_000, 1_500_000_000), folder('/Archive 2', 1_500_000_000, 1)],
    };
    expect((await post('u2', `/Agent/mailboxes/${id}/progress`, big)).status).toBe(200);
    expect(await jobRow(job.jobId!)).toMatchObject({ totalItems: 3_000_000_000, migratedItems: 1_500_000_001 });
    const report = await post('u2', '/Report', { viewType: 'Mailbox', jobId: job.jobId });
    expect(report.status).toBe(200);
    const data = report.body.data as unknown as { job: { totalItems: number }; items: { totalItems: number }[] };
    expect(data.job.totalItems).toBe(3_000_000_000);
    expect(data.items[0]?.totalItems).toBe(3_000_000_000);
    expect((await post('u2', `/Agent/mailboxes/${id}/complete`, { status: 'Completed' })).status).toBe(200);
  });
});

describe('who may call', () => {
  it("answers 404 for another account's job and mailbox, and 403 for an Auditor", async () => {
    await issue(ctx.handle.db, org, org.u2, ppu(1), now());
    const job = (await startJob('u2', 'MIG-04', 'mine')).body.data;
    const mailbox = (await post('u2', `/Agent/jobs/${job.jobId}/mailboxes`, mailboxBody('m@source.test'))).body.data;
    const before = await ledgerState(ctx.handle.db);
    for (const who of ['a', 'u1']) {
      expect((await post(who, `/Agent/jobs/${job.jobId}/mailboxes`, mailboxBody('n@source.test'))).status).toBe(404);
      expect((await post(who, `/Agent/mailboxes/${mailbox.mailboxId}/progress`, { folders: [] })).status).toBe(404);
      expect((await post(who, `/Agent/mailboxes/${mailbox.mailboxId}/complete`, { status: 'Completed' })).status).toBe(
        404,
      );
      expect((await post(who, `/Agent/jobs/${job.jobId}/complete`, {})).status).toBe(404);
    }
    expect(await ledgerState(ctx.handle.db)).toBe(before);
    expect(await mailboxRow(mailbox.mailboxId!)).toMatchObject({ status: 'InProgress', licenseState: 'Reserved' });
    const email = `auditor-${org.a}@example.com`;
    await addAccount(ctx.handle.db, { email, roles: ['Auditor'], parentId: org.a });
    const token = await ctx.login(email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Agent/machines',
      headers: bearer(token),
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the timeout sweep', () => {
  it('fails a mailbox whose machine stopped reporting and releases its unit; a reporting one stays', async () => {
    // What earlier tests left running (and the demo's running job) times out first: the sweep is global.
    ctx.clock.advanceMinutes(24 * 60);
    await failSilentMailboxes(ctx.handle.db, now(), 60);
    await signIn('u2');
    const ppuLot = await issue(ctx.handle.db, org, org.u2, ppu(2), now());
    const job = (await startJob('u2', 'MIG-05', 'silent')).body.data;
    const url = `/Agent/jobs/${job.jobId}/mailboxes`;
    const silent = (await post('u2', url, mailboxBody('quiet@source.test'))).body.data.mailboxId!;
    const busy = (await post('u2', url, mailboxBody('busy@source.test'))).body.data.mailboxId!;
    ctx.clock.advanceMinutes(25);
    await post('u2', `/Agent/mailboxes/${busy}/progress`, { folders: [folder('/Inbox', 5, 1)] });
    ctx.clock.advanceMinutes(25);
    await post('u2', `/Agent/mailboxes/${busy}/progress`, { folders: [folder('/Inbox', 5, 2)] });
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 0, jobs: 0 });
    ctx.clock.advanceMinutes(11);
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 1, jobs: 0 });
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 0, jobs: 0 });
    // The busy mailbox is still in progress: so is its job.
    expect(await jobRow(job.jobId!)).toMatchObject({ status: 'InProgress', endDate: null });
    expect(await mailboxRow(silent)).toMatchObject({
      status: 'Failed',
      licenseState: 'Released',
      errorMessage: timeoutMessage(60),
      endDate: now(),
    });
    expect(await mailboxRow(busy)).toMatchObject({ status: 'InProgress', licenseState: 'Reserved' });
    expect(await rowOf(ctx.handle.db, org.pool.u2, ppuLot.licenseId)).toMatchObject({ available: 1, inTransit: 1 });
    expect((await movementsNamed(silent)).map((m) => m.action)).toEqual(['Reserve', 'Release']);
    await signIn('u2');
    // The agent comes back: its mailbox has ended, and it is told so.
    expect((await post('u2', `/Agent/mailboxes/${silent}/progress`, { folders: [] })).status).toBe(409);
    const folderRows = await ctx.handle.db.select().from(folders).where(eq(folders.mailboxId, busy));
    expect(folderRows).toHaveLength(1);
  });

  it('ends the job with its last mailbox: status, end and message follow what the sweep did', async () => {
    ctx.clock.advanceMinutes(24 * 60);
    await failSilentMailboxes(ctx.handle.db, now(), 60);
    await signIn('u2');
    await issue(ctx.handle.db, org, org.u2, ppu(3), now());
    const job = (await startJob('u2', 'MIG-06', 'dies')).body.data;
    const url = `/Agent/jobs/${job.jobId}/mailboxes`;
    const done = (await post('u2', url, mailboxBody('done@source.test'))).body.data.mailboxId!;
    const quiet = (await post('u2', url, mailboxBody('quiet@source.test'))).body.data.mailboxId!;
    await post('u2', `/Agent/mailboxes/${quiet}/progress`, { folders: [folder('/Inbox', 10, 9)] });
    await post('u2', `/Agent/mailboxes/${done}/complete`, { status: 'Completed' });
    ctx.clock.advanceMinutes(61);
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 1, jobs: 1 });
    expect(await jobRow(job.jobId!)).toMatchObject({
      status: 'CompletedWithErrors',
      endDate: now(),
      errorMessage: timeoutMessage(60),
      mailboxesCompleted: 1,
      mailboxesFailed: 1,
    });
    // The job report reads the same end.
    await signIn('u2');
    const report = await post('u2', '/Report', { viewType: 'Job', machineName: 'MIG-06' });
    const [row] = (report.body.data as unknown as { items: { id: string; status: string; endDate: string | null }[] })
      .items;
    expect(row).toMatchObject({ id: job.jobId, status: 'CompletedWithErrors', endDate: now().toISOString() });
    // An agent that comes back cannot add to an ended job.
    expect((await post('u2', url, mailboxBody('late@source.test'))).status).toBe(409);
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 0, jobs: 0 });
  });

  it('ends a job whose mailboxes all ended but whose agent never said so, once it has been silent', async () => {
    ctx.clock.advanceMinutes(24 * 60);
    await failSilentMailboxes(ctx.handle.db, now(), 60);
    await signIn('u2');
    await issue(ctx.handle.db, org, org.u2, ppu(2), now());
    const finished = (await startJob('u2', 'MIG-07', 'finished')).body.data;
    const empty = (await startJob('u2', 'MIG-07', 'empty')).body.data;
    const box = (await post('u2', `/Agent/jobs/${finished.jobId}/mailboxes`, mailboxBody('a@source.test'))).body.data;
    ctx.clock.advanceMinutes(30);
    await signIn('u2'); // the session idled out
    expect((await post('u2', `/Agent/mailboxes/${box.mailboxId!}/complete`, { status: 'Completed' })).status).toBe(200);
    ctx.clock.advanceMinutes(45);
    // The empty job has been silent for 75 minutes; the finished one heard of 45 minutes ago.
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 0, jobs: 1 });
    expect(await jobRow(empty.jobId!)).toMatchObject({ status: 'Failed', errorMessage: timeoutMessage(60) });
    expect(await jobRow(finished.jobId!)).toMatchObject({ status: 'InProgress', endDate: null });
    ctx.clock.advanceMinutes(16);
    expect(await failSilentMailboxes(ctx.handle.db, now(), 60)).toEqual({ mailboxes: 0, jobs: 1 });
    expect(await jobRow(finished.jobId!)).toMatchObject({ status: 'Completed', endDate: now() });
  });
});
