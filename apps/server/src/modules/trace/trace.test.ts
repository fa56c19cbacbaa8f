import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotConsumption, MailboxTrace } from '@portal/contracts/trace';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { csvOf, expectExportAudit } from '../../../test/csv-read';
import { signIn } from '../../../test/fixtures';
import { DAY, ppuStockOrgs, type StockOrg, type TwoOrgTokens } from '../../../test/stock-fixtures';
import { findLedgerViolations } from '../stock';

let ctx: TestContext;
let other: StockOrg;
let token: TwoOrgTokens;
type Who = keyof TwoOrgTokens;
let lotId: string;
let otherLotId: string;
/** u1's mailboxes (through its API key) by outcome, and the other organisation's. */
const box: Record<'done' | 'failed' | 'running' | 'later' | 'other', string> = {
  done: '',
  failed: '',
  running: '',
  later: '',
  other: '',
};

const call = async (auth: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
  return res;
};
const agent = async (auth: string, url: string, payload: object = {}) => {
  const res = await call(auth, 'POST', url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Record<string, string> }>().data;
};

/** A job on `machine` with one mailbox per outcome ('running' stays in progress), a minute apart. */
async function runJob(auth: string, machine: string, outcomes: Record<string, 'Completed' | 'Failed' | null>) {
  await agent(auth, '/Agent/machines', { name: machine });
  const { jobId } = await agent(auth, '/Agent/jobs', {
    machineName: machine,
    clientKey: machine,
    name: `Wave ${machine}`,
    productCode: 'MBX',
  });
  const ids: Record<string, string> = {};
  for (const [name, outcome] of Object.entries(outcomes)) {
    const body = {
      sourceMailbox: `${name}@source.example`,
      sourceType: 'Exchange',
      targetMailbox: `${name}@target.example`,
      destinationType: 'Microsoft 365',
    };
    const { mailboxId } = await agent(auth, `/Agent/jobs/${jobId}/mailboxes`, body);
    ctx.clock.advanceMinutes(1);
    if (outcome) await agent(auth, `/Agent/mailboxes/${mailboxId}/complete`, { status: outcome });
    ids[name] = mailboxId!;
  }
  return ids;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ({ other, lotId, otherLotId, token } = await ppuStockOrgs(ctx, new Date(ctx.clock.now().getTime() - 10 * DAY)));
  // U1 runs its migration through an API key of its own; the other organisation's U1 signed in.
  const created = await call(token.u1, 'POST', '/ApiKey', { name: 'Migration server', scopes: ['agent'] });
  expect(created.statusCode, created.body).toBe(200);
  const key = created.json<{ data: { key: string } }>().data.key;
  const ids = await runJob(key, 'SRV-01', { done: 'Completed', failed: 'Failed', running: null, later: 'Completed' });
  Object.assign(box, ids);
  const { u2: otherToken } = await signIn(ctx, { u2: other.u2 });
  box.other = (await runJob(otherToken, 'OTHER-01', { other: 'Completed' })).other!;
});
afterAll(async () => {
  expect(await findLedgerViolations(ctx.handle.db)).toEqual([]);
  await ctx.close();
});

const trace = (who: Who, mailboxId: string) => call(token[who], 'GET', `/Report/mailbox/${mailboxId}/license-trace`);
const consumption = (who: Who, licenseId: string, query = '') =>
  call(token[who], 'GET', `/License/${licenseId}/consumption${query}`);

describe('a mailbox license trace', () => {
  it('lists Reserve then Consume with the pool, the lot and the key the agent used', async () => {
    const res = await trace('u1', box.done);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: MailboxTrace }>().data;
    expect(data).toMatchObject({ mailboxId: box.done, sourceMailbox: 'done@source.example', licenseState: 'Consumed' });
    expect(data.entries.map((e) => e.action)).toEqual(['Reserve', 'Consume']);
    for (const entry of data.entries) {
      expect(entry).toMatchObject({
        productCode: 'MBX',
        poolName: 'Sales',
        actorName: 'Uma User',
        apiKeyName: 'Migration server',
      });
      expect(entry.lots).toEqual([{ licenseId: lotId, orderId: null, edition: 'Enterprise', quantity: 1 }]);
    }
    expect(data.entries[1]!.at > data.entries[0]!.at).toBe(true);
  });

  it('shows a failed mailbox released and a running one only reserved', async () => {
    const failed = (await trace('a', box.failed)).json<{ data: MailboxTrace }>().data;
    expect([failed.licenseState, failed.entries.map((e) => e.action)]).toEqual(['Released', ['Reserve', 'Release']]);
    const running = (await trace('auditor', box.running)).json<{ data: MailboxTrace }>().data;
    expect([running.licenseState, running.entries.map((e) => e.action)]).toEqual(['Reserved', ['Reserve']]);
  });

  it('answers 404 outside the scope: another organisation, an Admin beside, another User', async () => {
    for (const who of ['otherAdmin', 'b', 'u2'] as const) expect((await trace(who, box.done)).statusCode).toBe(404);
    expect((await trace('a', box.other)).statusCode).toBe(404);
    expect((await trace('superAdmin', box.other)).statusCode).toBe(200);
    expect((await trace('a', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await trace('a', 'not-an-id')).statusCode).toBe(400);
  });
});

describe("a lot's consumption", () => {
  it('lists the consumed mailboxes newest first with their job and machine', async () => {
    const res = await consumption('a', lotId);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: LotConsumption }>().data;
    expect(data.lot).toMatchObject({ id: lotId, productCode: 'MBX', totalCount: 50, consumed: 2 });
    expect(data.rows.map((r) => r.mailboxName)).toEqual(['later@source.example', 'done@source.example']);
    expect(data.rows[0]).toMatchObject({
      targetType: 'Mailbox',
      mailboxId: box.later,
      jobName: 'Wave SRV-01',
      machineName: 'SRV-01',
      poolName: 'Sales',
      quantity: 1,
      actorName: 'Uma User',
      apiKeyName: 'Migration server',
    });
    expect(data.next).toBeNull();
  });

  it('pages by keyset: next, then the last page', async () => {
    const first = (await consumption('auditor', lotId, '?pageSize=1')).json<{ data: LotConsumption }>().data;
    expect(first.rows.map((r) => r.mailboxId)).toEqual([box.later]);
    expect(first.next).toMatch(/^\d+_/);
    const second = (await consumption('auditor', lotId, `?pageSize=1&after=${first.next}`)).json<{
      data: LotConsumption;
    }>().data;
    expect([second.rows.map((r) => r.mailboxId), second.next]).toEqual([[box.done], null]);
    expect((await consumption('a', lotId, '?after=garbage')).statusCode).toBe(400);
    expect((await consumption('a', lotId, '?pageSize=101')).statusCode).toBe(400);
  });

  it('refuses Users, and answers 404 for a lot out of reach', async () => {
    expect((await consumption('u1', lotId)).statusCode).toBe(403);
    expect((await consumption('otherAdmin', lotId)).statusCode).toBe(404);
    expect((await consumption('b', lotId)).statusCode).toBe(404);
    expect((await consumption('a', otherLotId)).statusCode).toBe(404);
    const all = (await consumption('superAdmin', otherLotId)).json<{ data: LotConsumption }>().data;
    expect(all.rows.map((r) => r.mailboxName)).toEqual(['other@source.example']);
  });

  it('exports every row as CSV, audited', async () => {
    const { header, rows } = csvOf(await call(token.a, 'GET', `/License/${lotId}/consumption/export`));
    expect(header).toEqual(['Date', 'Consumed by', 'Mailbox', 'Job', 'Machine', 'Units', 'Pool', 'By', 'By email']);
    expect(rows.map((r) => r[2])).toEqual(['later@source.example', 'done@source.example']);
    expect(rows[0]!.slice(3, 8)).toEqual([
      'Wave SRV-01',
      'SRV-01',
      '1',
      'Sales',
      "Uma User via key 'Migration server'",
    ]);
    await expectExportAudit(ctx.handle.db, 'lot-consumption', { licenseId: lotId });
    expect((await call(token.otherAdmin, 'GET', `/License/${lotId}/consumption/export`)).statusCode).toBe(404);
  });
});
