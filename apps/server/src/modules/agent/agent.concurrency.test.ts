import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { jobs, machineBindings, mailboxes, movements } from '../../db/schema';
import { openTestDatabase } from '../../../test/helper';
import { issue, lot, rowOf, type StockOrg, stockOrg } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';
import { findCounterViolations } from './agent.invariants';
import { agentCaller, completeJob, startJob } from './agent.jobs';
import { type AgentCaller, MachineMismatchError } from './agent.machines';
import { completeMailbox, reportProgress, startMailbox } from './agent.mailboxes';
import { failSilentMailboxes } from './agent.timeout';

/** Real concurrency needs real PostgreSQL: PGlite runs one query at a time. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PARALLEL = 12;
const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe.runIf(onPostgres)('the agent under concurrency (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let org: StockOrg;
  let caller: AgentCaller;
  const now = new Date('2026-11-21T09:00:00.000Z');
  const ppu = (count: number) =>
    lot(now, count, {
      durationType: 'Perpetual',
      usageType: 'Transactional',
      duration: null,
      licenseTypeName: 'Enterprise',
    });
  const mailbox = (source: string) => ({
    sourceMailbox: source,
    sourceType: 'Exchange',
    targetMailbox: source,
    destinationType: 'Microsoft 365',
  });
  const movementsOf = (targetIds: string[]) =>
    handle.db.select().from(movements).where(inArray(movements.targetId, targetIds));

  beforeAll(async () => {
    handle = await openTestDatabase(PARALLEL + 4);
  });
  afterAll(async () => {
    expect(await findLedgerViolations(handle.db)).toEqual([]);
    expect(await findCounterViolations(handle.db)).toEqual([]);
    await handle.close();
  });
  beforeEach(async () => {
    org = await stockOrg(handle.db);
    caller = await agentCaller(handle.db, org.u2, now);
  });

  it('settles a mailbox once when its completions race, whatever they say', async () => {
    const ppuLot = await issue(handle.db, org, org.u2, ppu(5), now);
    const job = await startJob(handle.db, caller, { machineName: 'M', clientKey: 'k', name: 'J', productCode: 'MBX' });
    const started = await startMailbox(handle.db, caller, job.jobId, mailbox('race@source.test'));
    const answers = await times(PARALLEL, (i) =>
      completeMailbox(handle.db, caller, started.mailboxId, { status: i % 2 === 0 ? 'Completed' : 'Failed' }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const settled = (await movementsOf([started.mailboxId])).map((m) => m.action).sort();
    expect(settled).toHaveLength(2);
    expect(settled).toContain('Reserve');
    const row = await rowOf(handle.db, org.pool.u2, ppuLot.licenseId);
    expect(row!.inTransit).toBe(0);
    expect(row!.consumed + row!.available).toBe(5);
    const [job_] = await handle.db.select().from(jobs).where(eq(jobs.id, job.jobId));
    expect(job_!.mailboxesCompleted + job_!.mailboxesFailed).toBe(1);
  });

  it('makes one job of racing retried starts, and one mailbox with one unit of racing mailbox starts', async () => {
    await issue(handle.db, org, org.u2, ppu(5), now);
    const body = { machineName: 'RACE', clientKey: 'same', name: 'J', productCode: 'MBX' };
    const started = await times(PARALLEL, () => startJob(handle.db, caller, body));
    expect(new Set(started.map((s) => s.jobId)).size).toBe(1);
    const jobId = started[0]!.jobId;
    const boxes = await times(PARALLEL, () => startMailbox(handle.db, caller, jobId, mailbox('one@source.test')));
    expect(new Set(boxes.map((b) => b.mailboxId)).size).toBe(1);
    expect(await handle.db.select().from(mailboxes).where(eq(mailboxes.jobId, jobId))).toHaveLength(1);
    expect((await movementsOf([boxes[0]!.mailboxId])).map((m) => m.action)).toEqual(['Reserve']);
  });

  it('binds one node-locked unit to one computer when first jobs on a machine race from two computers', async () => {
    await issue(handle.db, org, org.u2, lot(now, 5), now);
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        startJob(handle.db, caller, {
          machineName: 'BIND',
          clientKey: `k${i}`,
          name: 'J',
          productCode: 'MBX',
          fingerprint: i % 2 === 0 ? 'fp-one' : 'fp-two',
        }),
      ),
    );
    // Whichever computer bound first owns the unit; every start of the other is refused.
    const started = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(started.length).toBe(PARALLEL / 2);
    expect(refused.every((reason) => reason instanceof MachineMismatchError)).toBe(true);
    expect(started.every((s) => s.licensing === 'NodeLocked')).toBe(true);
    const [{ machineId } = { machineId: '' }] = await handle.db
      .select({ machineId: jobs.machineId })
      .from(jobs)
      .where(eq(jobs.id, started[0]!.jobId));
    expect(await handle.db.select().from(machineBindings).where(eq(machineBindings.machineId, machineId))).toHaveLength(
      1,
    );
    expect((await movementsOf([machineId])).map((m) => m.action).sort()).toEqual(['Consume', 'Reserve']);
  });

  it('settles each mailbox once when the job end, mailbox ends, progress and the timeout sweep race', async () => {
    const ppuLot = await issue(handle.db, org, org.u2, ppu(PARALLEL), now);
    const job = await startJob(handle.db, caller, {
      machineName: 'MIX',
      clientKey: 'k',
      name: 'J',
      productCode: 'MBX',
    });
    const boxes = await times(PARALLEL, (i) =>
      startMailbox(handle.db, caller, job.jobId, mailbox(`m${i}@source.test`)),
    );
    const later = { ...caller, now: new Date(now.getTime() + 2 * 3_600_000) };
    await Promise.all([
      completeJob(handle.db, later, job.jobId, {}),
      failSilentMailboxes(handle.db, later.now, 60),
      ...boxes.map((b, i) =>
        i % 3 === 0
          ? reportProgress(handle.db, later, b.mailboxId, { folders: [] }).catch((error: unknown) => error)
          : completeMailbox(handle.db, later, b.mailboxId, { status: i % 3 === 1 ? 'Completed' : 'Cancelled' }),
      ),
    ]);
    const settled = await movementsOf(boxes.map((b) => b.mailboxId));
    expect(settled.filter((m) => m.action !== 'Reserve')).toHaveLength(PARALLEL);
    expect(await rowOf(handle.db, org.pool.u2, ppuLot.licenseId)).toMatchObject({ inTransit: 0 });
    const [ended] = await handle.db.select().from(jobs).where(eq(jobs.id, job.jobId));
    expect(ended!.status).not.toBe('InProgress');
  });
});
