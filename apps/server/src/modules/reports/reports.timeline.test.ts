import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { acceptEula } from '../../../test/fixtures';
import { type ReportOrg, reportOrg } from '../../../test/report-fixtures';
import { bucketFor, MAX_POINTS } from './reports.timeline';

let ctx: TestContext;
let org: ReportOrg;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['superadmin@example.com']);
  org = await reportOrg(ctx.handle.db, 'timeline');
  tokens.superAdmin = await ctx.login('superadmin@example.com');
  for (const who of ['admin', 'auditor', 'user', 'child.admin', 'other.admin'])
    tokens[who] = await ctx.login(org.email(who));
});
afterAll(() => ctx.close());

const timeline = (who: string, jobId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/Report/job/${jobId}/items-timeline`, headers: bearer(tokens[who] ?? '') });

describe('GET /api/Report/job/{jobId}/items-timeline', () => {
  it("places each mailbox's migrated items at its end, in intervals over the job's span, zeros between", async () => {
    // Finance wave: 08:00 to 10:00; ann (150 items) ends 08:31, bob (37) 08:32, cyd (failed, 0) 08:33.
    const res = await timeline('admin', org.jobs.finance.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      jobId: org.jobs.finance.id,
      bucketSeconds: 300,
      from: org.at(0).toISOString(),
      to: org.at(2).toISOString(),
    });
    // Two hours in five-minute intervals, both ends included.
    expect(data.points).toHaveLength(25);
    expect(data.points[0]).toEqual({ at: org.at(0).toISOString(), migratedItems: 0, mailboxes: 0, cumulative: 0 });
    const filled = data.points.filter((p: { mailboxes: number }) => p.mailboxes > 0);
    expect(filled).toEqual([
      {
        at: new Date(org.at(0).getTime() + 30 * 60_000).toISOString(),
        migratedItems: 187,
        mailboxes: 3,
        cumulative: 187,
      },
    ]);
    // The running total ends at the job's own count.
    expect(data.points.at(-1).cumulative).toBe(187);
    expect(data.points.every((p: { migratedItems: number }, i: number) => i === 6 || p.migratedItems === 0)).toBe(true);
  });

  it('runs a job still in progress up to now, its running mailboxes at their last report', async () => {
    // Sales wave started at 11:00 the day before the clock's 09:00 and has not ended: half-hour intervals.
    const data = (await timeline('user', org.jobs.sales.id)).json().data;
    expect(data.bucketSeconds).toBe(1800);
    expect(data.to).toBe(ctx.clock.now().toISOString());
    expect(data.points).toHaveLength(45);
    expect(data.points[0]).toMatchObject({ at: org.at(3).toISOString(), migratedItems: 10, mailboxes: 1 });
    expect(data.points.at(-1).cumulative).toBe(10);
  });

  it('answers in the scope of the job report: 404 outside it', async () => {
    const finance = org.jobs.finance.id;
    for (const who of ['admin', 'auditor', 'superAdmin']) expect((await timeline(who, finance)).statusCode).toBe(200);
    for (const who of ['user', 'child.admin', 'other.admin']) {
      const res = await timeline(who, finance);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Job not found');
    }
    expect((await timeline('admin', org.jobs.other.id)).statusCode).toBe(404);
    expect((await timeline('admin', 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the interval of the timeline', () => {
  it('is the narrowest that fits the span in at most MAX_POINTS intervals', () => {
    const start = Date.UTC(2026, 0, 1, 8, 0, 0);
    const minute = 60_000;
    expect(bucketFor(start, start)).toBe(60);
    expect(bucketFor(start, start + 40 * minute)).toBe(60);
    expect(bucketFor(start, start + 60 * minute)).toBe(300);
    expect(bucketFor(start, start + 30 * 24 * 60 * minute)).toBe(86_400);
    expect(bucketFor(start, start + 3 * 365 * 24 * 60 * minute)).toBe(30 * 86_400);
    for (const span of [1, 59, 61, 300, 1_000, 10_000, 100_000]) {
      const seconds = bucketFor(start, start + span * minute);
      const size = seconds * 1000;
      const count = Math.floor((start + span * minute) / size) - Math.floor(start / size) + 1;
      expect(count).toBeLessThanOrEqual(MAX_POINTS);
    }
  });
});
