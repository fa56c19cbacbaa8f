import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { accounts } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { issue, lot, rowOf, type StockOrg, stockOrg, ppuLot } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';
import { directAgentClient, httpAgentClient } from './agent.clients';
import { findCounterViolations } from './agent.invariants';
import { simulate, type SimulationSummary } from './agent.simulation';

let ctx: TestContext;
let org: StockOrg;
beforeAll(async () => {
  ctx = await createTestContext();
  org = await stockOrg(ctx.handle.db);
});
afterAll(() => ctx.close());

const now = () => ctx.clock.now();
const ppu = (count: number) => ppuLot(now(), count);

/** What the database holds per mailbox status and license state for the jobs of one account. */
async function mailboxesOf(accountId: string) {
  const answer: unknown = await ctx.handle.db.execute(sql`
    SELECT m.status, m.license_state, count(*)::int AS n FROM mailboxes m
    JOIN jobs j ON j.tenant_id = m.tenant_id AND j.id = m.job_id
    WHERE j.account_id = ${accountId}::uuid GROUP BY 1, 2`);
  return rowsOf<{ status: string; license_state: string; n: number }>(answer);
}

const countOf = (
  rows: { status?: string; license_state?: string; n: number }[],
  key: 'status' | 'license_state',
  v: string,
) => rows.filter((row) => row[key] === v).reduce((sum, row) => sum + row.n, 0);

function expectSummaryMatches(summary: SimulationSummary, rows: Awaited<ReturnType<typeof mailboxesOf>>) {
  expect(summary.unexpected).toEqual([]);
  for (const status of ['Completed', 'CompletedWithErrors', 'Failed', 'Cancelled', 'InProgress'] as const) {
    expect(countOf(rows, 'status', status), status).toBe(summary.mailboxes[status]);
  }
}

describe('a simulated run', () => {
  it('of a few thousand mailboxes with random failures and retries leaves the ledger and every kept count exact', async () => {
    const lotOf = await issue(ctx.handle.db, org, org.u2, ppu(1_900), now());
    let clock = now();
    const client = directAgentClient(ctx.handle.db, org.u2, () => clock);
    const summary = await simulate(client, {
      machines: 3,
      jobs: 20,
      mailboxes: 100,
      folders: 5,
      failureRate: 0.1,
      retryRate: 0.1,
      halfway: false,
      seed: 42,
      prefix: 'bulk',
      tick: (minutes) => {
        clock = new Date(clock.getTime() + minutes * 60_000);
      },
    });
    expect(summary.jobs).toEqual({ NodeLocked: 0, PerMailbox: 20 });
    expect(summary.retries).toBeGreaterThan(200);
    const rows = await mailboxesOf(org.u2);
    expectSummaryMatches(summary, rows);
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(2_000 - summary.refused);
    // Each consumed mailbox holds one consumed unit; nothing is left in transit once the jobs ended.
    expect(await rowOf(ctx.handle.db, org.pool.u2, lotOf.licenseId)).toMatchObject({
      consumed: countOf(rows, 'license_state', 'Consumed'),
      inTransit: 0,
      available: 1_900 - countOf(rows, 'license_state', 'Consumed'),
    });
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
    expect(await findCounterViolations(ctx.handle.db)).toEqual([]);
    // 90 s alone on PGlite; 220 s beside the other files on a busy 2-core machine.
  }, 480_000);

  it('over HTTP, as `npm run agent:simulate` plays it, with node-locked machines and one job left running', async () => {
    await issue(ctx.handle.db, org, org.a, lot(now(), 2), now());
    const [row] = rowsOf<{ email: string }>(
      await ctx.handle.db.execute(sql`SELECT email FROM ${accounts} WHERE id = ${org.a}::uuid`),
    );
    const token = await ctx.login(row!.email);
    const client = httpAgentClient(async (method, path, body) => {
      const res = await ctx.app.inject({ method, url: `/api${path}`, headers: bearer(token), payload: body as object });
      return { status: res.statusCode, json: res.json() };
    });
    const summary = await simulate(client, {
      machines: 3,
      jobs: 4,
      mailboxes: 15,
      folders: 6,
      failureRate: 0.2,
      retryRate: 0.3,
      seed: 3,
      prefix: 'http',
      leaveLastJobOpen: true,
    });
    // Two machines bind the two node-locked units; the third has none and no Pay-Per-Use units.
    expect(summary.jobs).toEqual({ NodeLocked: 3, PerMailbox: 1 });
    expect(summary.refused).toBe(15);
    expect(summary.refusedMessage).toBe('Only 0 Mailbox Migration licenses are available (1 requested).');
    expectSummaryMatches(summary, await mailboxesOf(org.a));
    expect(summary.mailboxes.InProgress).toBe(2);
    expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
    expect(await findCounterViolations(ctx.handle.db)).toEqual([]);
  });
});
