import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG } from '@portal/contracts/reports';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { acceptEula } from '../../../test/fixtures';
import { type ReportOrg, reportOrg } from '../../../test/report-fixtures';

let ctx: TestContext;
let org: ReportOrg;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, ['superadmin@example.com']);
  org = await reportOrg(db);
  tokens.superAdmin = await ctx.login('superadmin@example.com');
  for (const who of ['admin', 'auditor', 'user', 'childAdmin', 'otherAdmin'] as const) {
    tokens[who] = await ctx.login(
      org.email(who === 'childAdmin' ? 'child.admin' : who === 'otherAdmin' ? 'other.admin' : who),
    );
  }
});
afterAll(() => ctx.close());

type Who = 'superAdmin' | 'admin' | 'auditor' | 'user' | 'childAdmin' | 'otherAdmin';
const report = (who: Who, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/Report', headers: bearer(tokens[who] ?? ''), payload });
async function data(who: Who, payload: object) {
  const res = await report(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const names = (items: { name: string }[]) => items.map((item) => item.name);
const iso = (hours: number) => org.at(hours).toISOString();
/** A machine row's id, and no unit bound to it nor block (decision 045). */
const UNBOUND = { id: expect.any(String), boundUnitCount: 0, blocked: false };

describe('the Machine view', () => {
  it('lists the machines of the scope with kept counts, newest last job first', async () => {
    const answer = await data('admin', { viewType: 'Machine' });
    expect(answer).toEqual({
      viewType: 'Machine',
      totalCount: 2,
      items: [
        { ...UNBOUND, name: 'MIG-02', jobCount: 2, accountCount: 2, lastJobStartDate: iso(6), lastJobEndDate: iso(7) },
        { ...UNBOUND, name: 'MIG-01', jobCount: 2, accountCount: 4, lastJobStartDate: iso(3), lastJobEndDate: iso(2) },
      ],
    });
  });

  it('pages, and keeps the total on a page past the end', async () => {
    expect(await data('admin', { viewType: 'Machine', pageSize: 1, pageNumber: 2 })).toMatchObject({
      items: [{ name: 'MIG-01' }],
      totalCount: 2,
    });
    expect(await data('admin', { viewType: 'Machine', pageSize: 1, pageNumber: 3 })).toMatchObject({
      items: [],
      totalCount: 2,
    });
  });

  it("counts only the scope's jobs on a shared machine", async () => {
    expect((await data('user', { viewType: 'Machine' })).items).toEqual([
      { ...UNBOUND, name: 'MIG-01', jobCount: 1, accountCount: 1, lastJobStartDate: iso(3), lastJobEndDate: null },
    ]);
    expect(names((await data('childAdmin', { viewType: 'Machine' })).items)).toEqual(['MIG-02']);
    expect(names((await data('otherAdmin', { viewType: 'Machine' })).items)).toEqual(['OTHER-01']);
    // A SuperAdmin reads every organisation (the demo seed's too).
    const all = await data('superAdmin', { viewType: 'Machine', pageSize: 125 });
    expect(names(all.items)).toEqual(expect.arrayContaining(['MIG-01', 'MIG-02', 'OTHER-01']));
    expect(all.totalCount).toBe(all.items.length);
  });
});

describe('the User view', () => {
  it('lists the accounts of the scope that ran jobs, newest last job first', async () => {
    const answer = await data('admin', { viewType: 'User' });
    expect(answer.totalCount).toBe(4);
    expect(answer.items.map((row: { id: string }) => row.id)).toEqual([
      org.accounts.grandchild,
      org.accounts.user2,
      org.accounts.user,
      org.accounts.admin,
    ]);
    expect(answer.items[3]).toEqual({
      id: org.accounts.admin,
      name: 'Alex Admin',
      email: org.email('admin'),
      jobCount: 1,
      lastJobStartDate: iso(0),
      lastJobEndDate: iso(2),
    });
    expect(await data('admin', { viewType: 'User', pageSize: 3, pageNumber: 2 })).toMatchObject({
      items: [{ id: org.accounts.admin }],
      totalCount: 4,
    });
  });

  it('shows a User itself and a child Admin its subtree', async () => {
    expect((await data('user', { viewType: 'User' })).items.map((row: { id: string }) => row.id)).toEqual([
      org.accounts.user,
    ]);
    expect((await data('childAdmin', { viewType: 'User' })).items.map((row: { id: string }) => row.id)).toEqual([
      org.accounts.grandchild,
    ]);
  });
});

describe('the Job view', () => {
  it('lists the jobs of the scope newest first, with the total from the kept counts', async () => {
    const answer = await data('admin', { viewType: 'Job' });
    expect(answer).toMatchObject({ viewType: 'Job', totalCount: 4, user: null });
    expect(names(answer.items)).toEqual(['Child wave', 'Legal wave', 'Sales wave', 'Finance wave']);
    expect(answer.items[3]).toEqual({
      id: org.jobs.finance.id,
      name: 'Finance wave',
      machineName: 'MIG-01',
      userName: 'Alex Admin',
      apiKeyName: null,
      accountCount: 3,
      productCode: 'MBX',
      totalItems: 190,
      migratedItems: 187,
      failedItems: 2,
      filteredItems: 1,
      skippedItems: 0,
      completionPercentage: 100,
      status: 'CompletedWithErrors',
      startDate: iso(0),
      endDate: iso(2),
      errorMessage: null,
    });
    expect(answer.items[2]).toMatchObject({ name: 'Sales wave', completionPercentage: 33.33, endDate: null });
  });

  it('pages and keeps the total past the end', async () => {
    expect(names((await data('admin', { viewType: 'Job', pageSize: 2, pageNumber: 2 })).items)).toEqual([
      'Sales wave',
      'Finance wave',
    ]);
    expect(await data('admin', { viewType: 'Job', pageSize: 2, pageNumber: 5 })).toMatchObject({
      items: [],
      totalCount: 4,
    });
  });

  it('narrows to a user (named in the answer) and to a machine', async () => {
    expect(await data('admin', { viewType: 'Job', userId: org.accounts.user })).toMatchObject({
      items: [{ name: 'Sales wave' }],
      totalCount: 1,
      user: { id: org.accounts.user, name: 'Uma User', email: org.email('user') },
    });
    expect(await data('admin', { viewType: 'Job', machineName: 'MIG-02' })).toMatchObject({
      items: [{ name: 'Child wave' }, { name: 'Legal wave' }],
      totalCount: 2,
    });
    expect(await data('admin', { viewType: 'Job', machineName: 'MIG-02', userId: org.accounts.user2 })).toMatchObject({
      items: [{ name: 'Legal wave' }],
      totalCount: 1,
    });
    expect(await data('admin', { viewType: 'Job', machineName: 'NOWHERE' })).toMatchObject({
      items: [],
      totalCount: 0,
    });
    // The other organisation's machine of that name is not the demo organisation's.
    expect((await data('admin', { viewType: 'Job', machineName: 'OTHER-01' })).items).toEqual([]);
  });

  it('shows each caller its scope, and a userId outside it is 404', async () => {
    expect(names((await data('auditor', { viewType: 'Job' })).items)).toEqual([
      'Child wave',
      'Legal wave',
      'Sales wave',
      'Finance wave',
    ]);
    expect(await data('user', { viewType: 'Job' })).toMatchObject({ items: [{ name: 'Sales wave' }], totalCount: 1 });
    expect(await data('childAdmin', { viewType: 'Job' })).toMatchObject({
      items: [{ name: 'Child wave' }],
      totalCount: 1,
    });
    const all = await data('superAdmin', { viewType: 'Job', pageSize: 125 });
    expect(names(all.items)).toEqual(expect.arrayContaining(['Finance wave', 'Other wave']));
    expect(all.totalCount).toBeGreaterThanOrEqual(5);
    expect(names((await data('superAdmin', { viewType: 'Job', userId: org.accounts.otherAdmin })).items)).toEqual([
      'Other wave',
    ]);
    for (const [who, userId] of [
      ['user', org.accounts.user2],
      ['childAdmin', org.accounts.user],
      ['otherAdmin', org.accounts.admin],
      ['admin', org.accounts.otherAdmin],
      ['admin', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await report(who, { viewType: 'Job', userId });
      expect(res.statusCode, `${who} ${userId}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});

describe('the Mailbox view', () => {
  it("lists a job's mailboxes newest first under the job's summary", async () => {
    const answer = await data('admin', { viewType: 'Mailbox', jobId: org.jobs.finance.id });
    expect(answer.totalCount).toBe(3);
    expect(answer.items.map((row: { sourceMailbox: string }) => row.sourceMailbox)).toEqual([
      'cyd@corp.example',
      'bob@corp.example',
      'ann@corp.example',
    ]);
    expect(answer.items[1]).toMatchObject({
      id: org.jobs.finance.mailboxIds[1],
      jobId: org.jobs.finance.id,
      targetMailbox: 'bob@new.corp.example',
      sourceType: 'Exchange',
      destinationType: 'Microsoft365',
      folderCount: 1,
      totalItems: 40,
      completionPercentage: 100,
      status: 'CompletedWithErrors',
      errorMessage: '2 items too large',
    });
    // No items and a final status: done.
    expect(answer.items[0]).toMatchObject({ totalItems: 0, completionPercentage: 100, status: 'Failed' });
    expect(answer.job).toMatchObject({
      id: org.jobs.finance.id,
      name: 'Finance wave',
      userId: org.accounts.admin,
      accountCount: 3,
      mailboxesByStatus: { InProgress: 0, Completed: 1, CompletedWithErrors: 1, Failed: 1, Cancelled: 0 },
    });
    const second = await data('admin', { viewType: 'Mailbox', jobId: org.jobs.finance.id, pageSize: 2, pageNumber: 2 });
    expect(second.items.map((row: { sourceMailbox: string }) => row.sourceMailbox)).toEqual(['ann@corp.example']);
    expect(second.totalCount).toBe(3);
  });

  it('counts the mailboxes still running as In Progress', async () => {
    const answer = await data('user', { viewType: 'Mailbox', jobId: org.jobs.sales.id });
    expect(answer.job.mailboxesByStatus).toEqual({
      InProgress: 1,
      Completed: 0,
      CompletedWithErrors: 0,
      Failed: 0,
      Cancelled: 0,
    });
    expect(answer.items[0]).toMatchObject({ completionPercentage: 33.33, status: 'InProgress', endDate: null });
  });

  it('answers 404 for a job outside the scope', async () => {
    for (const [who, jobId] of [
      ['user', org.jobs.finance.id],
      ['childAdmin', org.jobs.sales.id],
      ['otherAdmin', org.jobs.finance.id],
      ['admin', org.jobs.other.id],
      ['admin', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await report(who, { viewType: 'Mailbox', jobId })).statusCode, `${who} ${jobId}`).toBe(404);
    }
    expect((await data('auditor', { viewType: 'Mailbox', jobId: org.jobs.child.id })).totalCount).toBe(1);
    expect((await data('superAdmin', { viewType: 'Mailbox', jobId: org.jobs.other.id })).totalCount).toBe(1);
  });
});

describe('the Folder view', () => {
  it("lists a mailbox's folders newest first under the mailbox and its job's name", async () => {
    const ann = org.jobs.finance.mailboxIds[0];
    const answer = await data('auditor', { viewType: 'Folder', mailboxId: ann });
    expect(answer.totalCount).toBe(2);
    expect(answer.items.map((row: { folderPath: string }) => row.folderPath)).toEqual(['/Sent Items', '/Inbox']);
    expect(answer.items[0]).toMatchObject({ totalItems: 50, migratedItems: 50, completionPercentage: 100 });
    expect(answer.mailbox).toMatchObject({ id: ann, sourceMailbox: 'ann@corp.example', jobName: 'Finance wave' });
    expect(
      (await data('admin', { viewType: 'Folder', mailboxId: ann, pageSize: 1, pageNumber: 2 })).items,
    ).toMatchObject([{ folderPath: '/Inbox' }]);
  });

  it('answers 404 for a mailbox outside the scope', async () => {
    const ann = org.jobs.finance.mailboxIds[0] ?? '';
    for (const [who, mailboxId] of [
      ['user', ann],
      ['childAdmin', ann],
      ['otherAdmin', ann],
      ['admin', org.jobs.other.mailboxIds[0] ?? ''],
      ['admin', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await report(who, { viewType: 'Folder', mailboxId })).statusCode, `${who} ${mailboxId}`).toBe(404);
    }
  });
});

describe('a report request', () => {
  it.each([
    [{ viewType: 'Mailbox' }, 'jobId', REPORT_MSG.jobIdRequired],
    [{ viewType: 'Folder' }, 'mailboxId', REPORT_MSG.mailboxIdRequired],
  ])('without its parent id is a 400 naming it (%j)', async (payload, field, message) => {
    const res = await report('admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it.each([
    [{ viewType: 'Job', pageSize: 126 }, 'pageSize'],
    [{ viewType: 'Folder', mailboxId: '00000000-0000-4000-8000-000000000000', pageSize: 2501 }, 'pageSize'],
    [{ viewType: 'Mailbox', jobId: 'not-an-id' }, 'jobId'],
    [{ viewType: 'Machine', pageNumber: 0 }, 'pageNumber'],
    [{ viewType: 'Machine', extra: 1 }, 'extra'],
    [{ viewType: 'Mailbox', jobId: '00000000-0000-4000-8000-000000000000', userId: 'x' }, 'userId'],
  ])('refuses %j with a 400 on %s', async (payload, field) => {
    const res = await report('admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('refuses an unknown view', async () => {
    expect((await report('admin', { viewType: 'Folders' })).statusCode).toBe(400);
    expect((await report('admin', {})).statusCode).toBe(400);
  });

  it('is refused to a caller who has not accepted the EULA', async () => {
    const token = await ctx.login('user2@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Report',
      headers: bearer(token),
      payload: { viewType: 'Job' },
    });
    expect(res.statusCode).toBe(403);
  });
});
