import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCapture, openTestDatabase } from '../../test/helper';
import type { DatabaseHandle } from '../db/client';
import { scheduledTasks } from '../db/schema';
import { type ScheduledTask, TaskScheduler } from './scheduled-tasks';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const quiet = pino({ level: 'silent' });
const rowOf = async (name: string) =>
  (await handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name)))[0]!;

/** `count` instances of the app, each with its own scheduler holding the same task. */
async function instances(count: number, task: ScheduledTask): Promise<TaskScheduler[]> {
  const schedulers = Array.from({ length: count }, () => {
    const scheduler = new TaskScheduler(handle.db, quiet, { pollMs: 60_000 });
    scheduler.add(task);
    return scheduler;
  });
  await Promise.all(schedulers.map((scheduler) => scheduler.start()));
  return schedulers;
}

describe('the periodic tasks', () => {
  it('runs a task once per period however many instances look at once', async () => {
    let runs = 0;
    const schedulers = await instances(4, {
      name: 'once-per-period',
      everyMs: 3_600_000,
      leaseMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    });
    for (let round = 0; round < 5; round += 1) await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    expect(runs).toBe(1);
    const row = await rowOf('once-per-period');
    expect(row).toMatchObject({ runs: 1, failures: 0, lastError: null, claimedUntil: null });
    expect(row.nextRunAt.getTime() - row.lastStartedAt!.getTime()).toBeGreaterThanOrEqual(3_599_000);
    // Due again: the next look of any one instance runs it, and only that one.
    await handle.db
      .update(scheduledTasks)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledTasks.name, 'once-per-period'));
    await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
    expect(runs).toBe(2);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  });

  it('never runs a task twice at once: a run longer than its period holds it', async () => {
    let running = 0;
    let most = 0;
    const schedulers = await instances(2, {
      name: 'long-run',
      everyMs: 10,
      leaseMs: 60_000,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 300));
        running -= 1;
      },
    });
    const looks = [];
    for (let i = 0; i < 10; i += 1) {
      looks.push(...schedulers.map((scheduler) => scheduler.tick()));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await Promise.all(looks);
    expect(most).toBe(1);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  });

  it('counts failures in a row with the last error, tries again within a minute, and clears both on success', async () => {
    let fail = true;
    const [scheduler] = await instances(1, {
      name: 'flaky',
      everyMs: 3_600_000,
      leaseMs: 60_000,
      run: async () => {
        if (fail) throw new Error('SMTP refused the connection');
      },
    });
    await scheduler!.tick();
    expect(await scheduler!.runNow('flaky')).toBe(true);
    const failed = await rowOf('flaky');
    expect(failed).toMatchObject({ failures: 2, lastError: 'SMTP refused the connection', lastSucceededAt: null });
    // The second failure in a row waits two minutes at most, not the hour of its period.
    expect(failed.nextRunAt.getTime() - failed.lastStartedAt!.getTime()).toBeLessThanOrEqual(121_000);
    fail = false;
    expect(await scheduler!.runNow('flaky')).toBe(true);
    const recovered = await rowOf('flaky');
    expect(recovered).toMatchObject({ failures: 0, lastError: null, runs: 3 });
    expect(recovered.lastSucceededAt).not.toBeNull();
    await scheduler!.stop();
  });

  it('runs each task on its own: a slow one does not hold the others up', async () => {
    const ended: string[] = [];
    const scheduler = new TaskScheduler(handle.db, quiet, { pollMs: 60_000 });
    const task = (name: string, ms: number): ScheduledTask => ({
      name,
      everyMs: 3_600_000,
      leaseMs: 60_000,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        ended.push(name);
      },
    });
    scheduler.add(task('slow-purge', 400));
    scheduler.add(task('quick-sweep', 10));
    await scheduler.start();
    await scheduler.tick();
    expect(ended).toEqual(['quick-sweep', 'slow-purge']);
    await scheduler.stop();
  });

  it('does not let a run that outlived its lease clear the claim of the instance that took over', async () => {
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const capture = logCapture();
    const a = new TaskScheduler(handle.db, pino({ level: 'warn' }, capture.stream), { pollMs: 60_000 });
    a.add({ name: 'overrun', everyMs: 3_600_000, leaseMs: 100, run: () => sleep(400) });
    const b = new TaskScheduler(handle.db, quiet, { pollMs: 60_000 });
    b.add({ name: 'overrun', everyMs: 3_600_000, leaseMs: 60_000, run: () => sleep(500) });
    await a.start();
    await sleep(200);
    // A's lease has passed: B takes the task over while A is still running it.
    const taken = b.runNow('overrun');
    await a.stop();
    expect((await rowOf('overrun')).claimedUntil).not.toBeNull();
    expect(capture.lines.join('\n')).toContain('task.lease-lost');
    expect(await taken).toBe(true);
    expect((await rowOf('overrun')).claimedUntil).toBeNull();
  });

  it('refuses a task added once started', async () => {
    const [scheduler] = await instances(1, { name: 'first', everyMs: 60_000, leaseMs: 1_000, run: async () => {} });
    expect(() => scheduler!.add({ name: 'late', everyMs: 60_000, leaseMs: 1_000, run: async () => {} })).toThrow(
      /added after the scheduler started/,
    );
    await scheduler!.stop();
  });
});
