import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETENESS_MSG } from '@portal/contracts/completeness';
import type { ReportRequest, ReportResult } from '@portal/contracts/reports';
import { auditEvents, folders, mailboxes } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { issue, lot, signInTwoOrgs, type TwoOrgTokens, twoStockOrgs } from '../../../test/stock-fixtures';
import { COMPLETENESS_BASE, COMPLETENESS_CASES } from '@portal/contracts/completeness-cases';
import { CONSISTENCY_SQL, VERDICT_SQL } from '../../db/completeness-columns';
import { rowsOf } from '../../db/rows';
import { findCounterViolations } from '../agent';

/*
 * Completeness (decision 044) through the API: the agent's new optional fields and their bounds,
 * today's payload unchanged, the verdicts in the Mailboxes and Folders views with "only
 * incomplete", and an Admin's acceptance of a mailbox's skipped items.
 */

let ctx: TestContext;
let orgs: Awaited<ReturnType<typeof twoStockOrgs>>;
let tokens: TwoOrgTokens;
let jobId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  orgs = await twoStockOrgs(ctx.handle.db);
  tokens = await signInTwoOrgs(ctx, orgs);
  await issue(ctx.handle.db, orgs.org, orgs.org.a, lot(ctx.clock.now(), 1), ctx.clock.now());
  const job = await post('a', '/Agent/jobs', {
    machineName: 'MIG-C',
    clientKey: 'completeness',
    name: 'Completeness wave',
    productCode: 'MBX',
    fingerprint: 'fp-MIG-C',
  });
  jobId = job.body.data.jobId!;
});
afterAll(async () => {
  expect(await findCounterViolations(ctx.handle.db)).toEqual([]);
  await ctx.close();
});

async function post(who: keyof TwoOrgTokens, url: string, payload?: object) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: bearer(tokens[who]),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<{ data: Record<string, string>; message: string }>() };
}

async function view<T extends ReportResult['viewType']>(
  who: keyof TwoOrgTokens,
  body: Extract<ReportRequest, { viewType: T }>,
) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/Report', headers: bearer(tokens[who]), payload: body });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Extract<ReportResult, { viewType: T }> }>().data;
}

/** Today's folder payload, exactly as agents before decision 044 send it. */
const todaysFolder = (folderPath: string, total: number, failed = 0) => ({
  folderPath,
  totalItems: total,
  migratedItems: total - failed,
  failedItems: failed,
  filteredItems: 0,
  status: 'Completed',
});

async function mailboxWith(source: string, folderList: object[], status = 'Completed') {
  const started = await post('a', `/Agent/jobs/${jobId}/mailboxes`, {
    sourceMailbox: source,
    sourceType: 'Exchange',
    targetMailbox: source,
    destinationType: 'Microsoft 365',
  });
  const id = started.body.data.mailboxId!;
  const progress = await post('a', `/Agent/mailboxes/${id}/progress`, { folders: folderList });
  expect(progress.status, JSON.stringify(progress.body)).toBe(200);
  expect((await post('a', `/Agent/mailboxes/${id}/complete`, { status })).status).toBe(200);
  return id;
}

const withSkips = (folderPath: string) => ({
  ...todaysFolder(folderPath, 50),
  migratedItems: 47,
  sourceItems: 50,
  sourceBytes: 5_000_000,
  destinationItems: 47,
  destinationBytes: 4_900_000,
  skipped: [
    { category: 'TooLarge', count: 2, samples: ['Big attachment', 'Video.mp4'] },
    { category: 'Corrupt', count: 1, samples: ['item-00017'] },
  ],
});

const mailboxRow = async (id: string) =>
  (await view('a', { viewType: 'Mailbox', jobId, pageSize: 125 })).items.find((m) => m.id === id)!;

describe('the agent’s completeness fields', () => {
  it('accepts today’s payload unchanged: the mailbox is Complete and Perfect', async () => {
    const id = await mailboxWith('old@source.example', [todaysFolder('/Inbox', 10)]);
    expect(await mailboxRow(id)).toMatchObject({
      skippedItems: 0,
      missingItems: 0,
      verdict: 'Complete',
      consistencyGrade: 'Perfect',
      consistencyScore: 100,
    });
  });

  it('stores counts, sizes and skips by category; the mailbox is Incomplete until they are accepted', async () => {
    const id = await mailboxWith('skips@source.example', [withSkips('/Inbox'), todaysFolder('/Sent', 10)]);
    expect(await mailboxRow(id)).toMatchObject({
      skippedItems: 3,
      sourceItems: 50,
      destinationItems: 47,
      completionPercentage: 100,
      verdict: 'Incomplete',
      consistencyGrade: 'Investigate',
      consistencyScore: 95,
    });
    const folderView = await view('a', { viewType: 'Folder', mailboxId: id });
    expect(folderView.items.find((f) => f.folderPath === '/Inbox')).toMatchObject({
      sourceBytes: 5_000_000,
      destinationBytes: 4_900_000,
      skippedItems: 3,
      skips: [
        { category: 'TooLarge', count: 2, samples: ['Big attachment', 'Video.mp4'] },
        { category: 'Corrupt', count: 1, samples: ['item-00017'] },
      ],
      verdict: 'Incomplete',
    });
    const incomplete = await view('a', { viewType: 'Folder', mailboxId: id, onlyIncomplete: true });
    expect(incomplete.items.map((f) => f.folderPath)).toEqual(['/Inbox']);
    expect(incomplete.totalCount).toBe(1);
  });

  it('counts unexplained items as missing', async () => {
    const folder = { ...todaysFolder('/Inbox', 20), sourceItems: 25, destinationItems: 20 };
    const id = await mailboxWith('missing@source.example', [folder]);
    expect(await mailboxRow(id)).toMatchObject({ missingItems: 5, verdict: 'Incomplete', consistencyGrade: 'Poor' });
  });

  const refused: [string, object][] = [
    ['a negative count', { sourceItems: -1 }],
    ['a fractional count', { destinationItems: 1.5 }],
    ['a count past the maximum', { sourceBytes: 2 ** 51 }],
    ['an unknown category', { skipped: [{ category: 'Spam', count: 1 }] }],
    [
      'a category named twice',
      {
        skipped: [
          { category: 'Other', count: 1 },
          { category: 'Other', count: 2 },
        ],
      },
    ],
    ['101 samples', { skipped: [{ category: 'Other', count: 101, samples: Array.from({ length: 101 }, String) }] }],
    ['a sample too long', { skipped: [{ category: 'Other', count: 1, samples: ['x'.repeat(201)] }] }],
    ['an unknown field of a skip', { skipped: [{ category: 'Other', count: 1, size: 3 }] }],
    [
      'skips past the maximum',
      {
        skipped: [
          { category: 'Other', count: 2e9 },
          { category: 'Corrupt', count: 1 },
        ],
      },
    ],
  ];
  it.each(refused)('refuses %s with a 400 and changes nothing', async (_, extra) => {
    const started = await post('a', `/Agent/jobs/${jobId}/mailboxes`, {
      sourceMailbox: `bad-${Math.random()}@source.example`,
      sourceType: 'Exchange',
      targetMailbox: 'x@target.example',
      destinationType: 'Microsoft 365',
    });
    const id = started.body.data.mailboxId!;
    const answer = await post('a', `/Agent/mailboxes/${id}/progress`, {
      folders: [{ ...todaysFolder('/Inbox', 5), ...extra }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBeTruthy();
    const rows = await ctx.handle.db
      .select()
      .from(folders)
      .where(and(eq(folders.tenantId, orgs.org.a), eq(folders.mailboxId, id)));
    expect(rows).toEqual([]);
  });
});

describe('the Mailboxes view’s filter and the job’s verdict', () => {
  it('keeps only the Incomplete mailboxes, with their count', async () => {
    const all = await view('a', { viewType: 'Mailbox', jobId, pageSize: 125 });
    const only = await view('a', { viewType: 'Mailbox', jobId, pageSize: 125, onlyIncomplete: true });
    const expected = all.items.filter((m) => m.verdict === 'Incomplete').map((m) => m.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(only.items.map((m) => m.id)).toEqual(expected);
    expect(only.totalCount).toBe(expected.length);
    expect(only.job.completeness.verdict).toBe('Incomplete');
    expect(only.job.completeness.mailboxesByVerdict.Incomplete).toBe(expected.length);
  });
});

describe('accepting a mailbox’s skipped items', () => {
  let id: string;
  beforeAll(async () => {
    id = await mailboxWith('accept@source.example', [withSkips('/Inbox')]);
  });
  const accept = (who: keyof TwoOrgTokens, mailboxId = id) => post(who, `/Report/mailbox/${mailboxId}/accept-skips`);
  // This mailbox's rows: the demo seed writes rows of its own for its accepted mailboxes.
  const audits = () =>
    ctx.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'mailbox.skips.accept'), sql`${auditEvents.detail}->>'mailbox' = ${id}`));

  it('is refused to a User and an Auditor (403), and outside the Admin’s organisation (404)', async () => {
    expect((await accept('u1')).status).toBe(403);
    expect((await accept('auditor')).status).toBe(403);
    expect((await accept('otherAdmin')).status).toBe(404);
    expect((await mailboxRow(id)).verdict).toBe('Incomplete');
    expect(await audits()).toEqual([]);
  });

  it('turns the mailbox Complete with accepted skips, audited once; a repeat changes nothing', async () => {
    const first = await accept('a');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      verdict: 'CompleteWithAcceptedSkips',
      acceptedSkippedItems: 3,
      changed: true,
    });
    const again = await accept('a');
    expect(again.body.data).toMatchObject({ verdict: 'CompleteWithAcceptedSkips', changed: false });
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: orgs.org.a, outcome: 'success', targetLabel: 'accept@source.example' });
    expect(await mailboxRow(id)).toMatchObject({ verdict: 'CompleteWithAcceptedSkips', acceptedSkippedItems: 3 });
    const folderView = await view('a', { viewType: 'Folder', mailboxId: id, onlyIncomplete: true });
    expect(folderView.items).toEqual([]);
  });

  it('refuses a mailbox with nothing to accept, and one still in progress, with a clear 409', async () => {
    const clean = await mailboxWith('clean@source.example', [todaysFolder('/Inbox', 3)]);
    const nothing = await accept('a', clean);
    expect(nothing).toMatchObject({ status: 409, body: { message: COMPLETENESS_MSG.nothingToAccept } });
    const started = await post('a', `/Agent/jobs/${jobId}/mailboxes`, {
      sourceMailbox: 'running@source.example',
      sourceType: 'Exchange',
      targetMailbox: 'running@target.example',
      destinationType: 'Microsoft 365',
    });
    const running = started.body.data.mailboxId!;
    await post('a', `/Agent/mailboxes/${running}/progress`, {
      folders: [{ ...withSkips('/Inbox'), status: 'InProgress' }],
    });
    expect(await accept('a', running)).toMatchObject({ status: 409, body: { message: COMPLETENESS_MSG.stillRunning } });
    const [row] = await ctx.handle.db.select().from(mailboxes).where(eq(mailboxes.id, running));
    expect(row?.acceptedSkippedItems).toBe(0);
  });
});

describe('the database’s generated verdict and grade', () => {
  it.each(COMPLETENESS_CASES)('agree with the contracts’ formula: %s', async (_, change, verdict, grade) => {
    const m = { ...COMPLETENESS_BASE, ...change };
    const answer: unknown = await ctx.handle.db.execute(sql`
      SELECT ${VERDICT_SQL} AS verdict, ${CONSISTENCY_SQL} AS grade
      FROM (VALUES (${m.status}::text, ${m.totalItems}::bigint, ${m.failedItems}::bigint, ${m.skippedItems}::bigint,
        ${m.missingItems}::bigint, ${m.acceptedSkippedItems}::bigint, ${m.sourceItems}::bigint))
        AS t(status, total_items, failed_items, skipped_items, missing_items, accepted_skipped_items, source_items)`);
    expect(rowsOf(answer)[0]).toEqual({ verdict, grade });
  });
});
