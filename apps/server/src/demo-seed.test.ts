import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper';
import { countingDb } from '../test/stock-fixtures';
import type { DatabaseHandle } from './db/client';
import { rowsOf } from './db/rows';
import { accounts, folders, jobs, licenses, machineBindings, mailboxes, movements, pools } from './db/schema';
import { DEMO_ACCOUNTS } from './db/seed';
import { seedDemoOrganisation } from './demo-seed';
import { failSilentMailboxes, findCounterViolations, resumeDemoRunningJob } from './modules/agent';
import { listLicenses } from './modules/licenses';
import { findLedgerViolations } from './modules/stock';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const DAY_MS = 86_400_000;
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('the demo organisation', () => {
  it('is seeded once, accounts and stock in one go, fast enough for every first start', async () => {
    const counting = countingDb(handle);
    expect(await seedDemoOrganisation(counting.db, 'demo passphrase for the seed', NOW)).toBe(true);
    // The seed runs at every first start and before every API test file: about 2,250 statements
    // (about a second on PGlite), most of them the migration history (the per-mailbox jobs that
    // give the consumption chart its three months, about 850). Counted, not timed, so a busy
    // machine does not fail it.
    expect(counting.statements()).toBeLessThan(2500);
    expect(await handle.db.select().from(accounts)).toHaveLength(DEMO_ACCOUNTS.length);
    expect(await seedDemoOrganisation(handle.db, 'demo passphrase for the seed', NOW)).toBe(false);
    expect(await handle.db.select().from(licenses)).toHaveLength(5);
  });

  it('hands on no lot before its start date, and names every migration job differently', async () => {
    const early = rowsOf<{ order_id: string }>(
      await handle.db.execute(sql`
        SELECT l.order_id FROM movements m JOIN movement_lines ml ON ml.movement_id = m.id
        JOIN licenses l ON l.id = ml.license_id
        WHERE m.action <> 'Issue' AND m.created_at < l.start_date`),
    );
    expect(early).toEqual([]);
    const names = (await handle.db.select({ name: jobs.name }).from(jobs)).map((job) => job.name);
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
  });

  it('issues admin@ five lots through the ledger and allocates some to user@ and the Sales Team pool, with a clean ledger', async () => {
    const lots = await listLicenses(handle.db, { now: NOW, pageNumber: 1, pageSize: 50 });
    expect(lots.total).toBe(5);
    const byOrder = new Map(lots.rows.map((lot) => [lot.orderId, lot]));
    expect(lots.rows.every((lot) => lot.customer.email === 'admin@example.com')).toBe(true);
    expect(byOrder.get('DEMO-1001')).toMatchObject({
      durationType: 'Perpetual',
      usageType: 'NodeLockedForever',
      totalCount: 500,
      status: 'Active',
    });
    expect(byOrder.get('DEMO-1002')).toMatchObject({ usageType: 'NodeLocked', duration: 365, status: 'Active' });
    const soon = Date.parse(byOrder.get('DEMO-1003')?.expiryDate ?? '') - NOW.getTime();
    expect(soon).toBeGreaterThan(0);
    expect(soon).toBeLessThanOrEqual(30 * DAY_MS);
    expect(byOrder.get('DEMO-1004')).toMatchObject({ status: 'Expired' });
    expect(byOrder.get('DEMO-1005')).toMatchObject({ usageType: 'Transactional', status: 'Active' });
    // What the migrations moved (to machines and mailboxes) is checked with the migration history.
    const written = (await handle.db.select().from(movements).orderBy(asc(movements.action))).filter(
      (m) => m.targetType !== 'Machine' && m.targetType !== 'Mailbox',
    );
    expect(written.map((m) => m.action)).toEqual([
      ...Array<string>(4).fill('Allocate'),
      ...Array<string>(5).fill('Issue'),
    ]);
    expect(
      written
        .filter((m) => m.action === 'Allocate')
        .map((m) => m.targetName)
        .sort(),
    ).toEqual(['Sales Team', 'Sales Team', 'Uma User', 'Uma User']);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
  });

  it('has a migration history for every report screen, through the agent service, with consistent counts', async () => {
    const byAccount = await handle.db.execute(sql`
      SELECT a.email, count(DISTINCT j.machine_id)::int AS machines, count(*)::int AS jobs,
             min(j.start_date) AS first_start
      FROM jobs j JOIN accounts a ON a.id = j.account_id GROUP BY a.email ORDER BY a.email`);
    const rows = rowsOf<{ email: string; machines: number; jobs: number; first_start: Date }>(byAccount);
    expect(rows.map((r) => [r.email, r.jobs])).toEqual([
      ['admin@example.com', 12],
      ['secure@example.com', 2],
      ['user@example.com', 3],
    ]);
    // Spread over the past days, never in the future.
    expect(Math.min(...rows.map((r) => new Date(r.first_start).getTime()))).toBeLessThan(NOW.getTime() - 7 * DAY_MS);
    const allJobs = await handle.db.select().from(jobs);
    expect(allJobs.every((j) => j.startDate.getTime() <= NOW.getTime())).toBe(true);
    expect(new Set(allJobs.map((j) => j.machineId)).size).toBeGreaterThanOrEqual(3);
    // admin@'s MBX jobs ran per mailbox on its Pay-Per-Use lot, before its perpetual lot started.
    expect(allJobs.filter((j) => j.licensing === 'PerMailbox').map((j) => j.productCode)).toEqual(
      Array<string>(7).fill('MBX'),
    );
    const [admin] = await handle.db.select().from(accounts).where(eq(accounts.email, 'admin@example.com'));
    expect(allJobs.filter((j) => j.licensing === 'PerMailbox').every((j) => j.accountId === admin!.id)).toBe(true);
    // Their units were consumed mailbox by mailbox on days spread over the last 90 and the last 30.
    const consumedDays = new Set(
      (await handle.db.select().from(movements))
        .filter((m) => m.action === 'Consume' && m.targetType === 'Mailbox')
        .map((m) => Math.floor((NOW.getTime() - m.createdAt.getTime()) / DAY_MS)),
    );
    expect([...consumedDays].filter((days) => days >= 30 && days < 90).length).toBeGreaterThanOrEqual(4);
    expect([...consumedDays].filter((days) => days < 30).length).toBeGreaterThanOrEqual(2);
    const statuses = new Set(
      (await handle.db.select({ status: mailboxes.status }).from(mailboxes)).map((m) => m.status),
    );
    expect([...statuses].sort()).toEqual(['Cancelled', 'Completed', 'CompletedWithErrors', 'Failed', 'InProgress']);
    expect(new Set(allJobs.map((j) => j.status))).toContain('InProgress');
    expect((await handle.db.select().from(folders)).length).toBeGreaterThan(50);
    // One node-locked unit per machine, product and pool, each a Reserve and a Consume naming the machine.
    const bindings = await handle.db.select().from(machineBindings);
    const machineMoves = (await handle.db.select().from(movements)).filter((m) => m.targetType === 'Machine');
    expect(machineMoves).toHaveLength(2 * bindings.length);
    expect(bindings.map((b) => b.productCode).sort()).toEqual(['ARC', 'ARC', 'MBX', 'MBX', 'MBX']);
    // secure@ runs on a machine user@ bound from user@'s own pool: that binding is not the Sales
    // Team's, so the pool secure@ draws on binds a unit of its own.
    const [sales] = await handle.db.select().from(pools).where(eq(pools.name, 'Sales Team'));
    expect(bindings.filter((b) => b.poolId === sales!.id).map((b) => b.productCode)).toEqual(['MBX']);
    expect(await findCounterViolations(handle.db)).toEqual([]);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
  });

  it('keeps its running mailboxes through the first housekeeping sweep', async () => {
    expect(await failSilentMailboxes(handle.db, NOW, 60)).toEqual({ mailboxes: 0, jobs: 0 });
  });

  it('ends its running job once the machine has been silent an hour, and a later start resumes one', async () => {
    const running = async () => handle.db.select().from(jobs).where(eq(jobs.status, 'InProgress'));
    const [live] = await running();
    expect(live).toBeDefined();
    expect(await resumeDemoRunningJob(handle.db, NOW)).toBe(false);
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    const swept = await failSilentMailboxes(handle.db, later, 60);
    expect(swept.jobs).toBe(1);
    const [ended] = await handle.db.select().from(jobs).where(eq(jobs.id, live!.id));
    // Its status, end and message follow its mailboxes: never In Progress with nothing running.
    expect(ended!.status).not.toBe('InProgress');
    expect(ended!.endDate).toEqual(later);
    expect(await running()).toEqual([]);
    // The next start of the portal: admin@'s migration server runs another job, 40 minutes old.
    expect(await resumeDemoRunningJob(handle.db, later)).toBe(true);
    const [again] = await running();
    expect(again).toMatchObject({ licensing: 'NodeLocked', productCode: 'ARC' });
    expect(again!.startDate.getTime()).toBe(later.getTime() - 40 * 60_000);
    expect(await resumeDemoRunningJob(handle.db, later)).toBe(false);
    const names = (await handle.db.select({ name: jobs.name }).from(jobs)).map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(await failSilentMailboxes(handle.db, later, 60)).toEqual({ mailboxes: 0, jobs: 0 });
    expect(await findCounterViolations(handle.db)).toEqual([]);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
  });
});
