import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '@portal/contracts/reports';
import { csvOf, expectExportAudit, exportAudits, quoted } from '../../../test/csv-read';
import { signIn } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addJob, reportOrg, type ReportOrg } from '../../../test/report-fixtures';
import { FOLDER_COMPLETENESS_CSV, MAILBOX_COMPLETENESS_CSV } from './reports.completeness-csv';

let ctx: TestContext;
let org: ReportOrg;
let token: Record<'admin' | 'user' | 'auditor' | 'other', string>;
let quirkyJob: { id: string; mailboxIds: string[] };

const QUIRKY = 'Wave, "Q4"\nfinal';

const get = (who: keyof typeof token, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token[who]) });

const exported = async (who: keyof typeof token, path: string) => csvOf(await get(who, path));
async function listed<V extends ReportResult['viewType']>(
  who: keyof typeof token,
  body: { viewType: V } & Record<string, unknown>,
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Report',
    headers: bearer(token[who]),
    payload: { pageNumber: 1, ...body },
  });
  return res.json().data as Extract<ReportResult, { viewType: V }>;
}

const COUNTERS = [
  'Status',
  'Total items',
  'Migrated items',
  'Failed items',
  'Filtered items',
  'Completion %',
  'Start',
  'End',
  'Error',
];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  org = await reportOrg(db);
  quirkyJob = await addJob(db, {
    machineId: org.machines.mig2,
    accountId: org.accounts.admin,
    name: QUIRKY,
    start: org.at(9),
    status: 'InProgress',
    mailboxes: [
      {
        source: '+1@corp.example',
        status: 'InProgress',
        folders: [
          { path: '=cmd|"/c calc"!A1', total: 10, migrated: 4 },
          { path: '/Inbox, "old"', total: 5, migrated: 5 },
        ],
      },
    ],
  });
  token = await signIn(ctx, {
    admin: org.email('admin'),
    user: org.email('user'),
    auditor: org.email('auditor'),
    other: org.email('other.admin'),
  });
});
afterAll(() => ctx.close());

describe('the report views as CSV', () => {
  it('Machine view: every machine of the scope, in the view’s order', async () => {
    const { res, header, rows } = await exported('admin', '/Report/machine/export');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-machines_2026-11-21T0900Z.csv"');
    expect(header).toEqual(['Machine', 'Mailboxes', 'Jobs', 'Last job start', 'Last job end']);
    const view = await listed('admin', { viewType: 'Machine', pageSize: 125 });
    expect(rows.map((r) => `${r[0]}|${r[2]}`)).toEqual(view.items.map((m) => `${m.name}|${m.jobCount}`));
    expect(rows.map((r) => r[0])).not.toContain('OTHER-01');
    expect((await exported('other', '/Report/machine/export')).rows.map((r) => r[0])).toEqual(['OTHER-01']);
  });

  it('User view: the users of the scope', async () => {
    const { header, rows } = await exported('auditor', '/Report/user/export');
    expect(header).toEqual(['User', 'Email', 'Jobs', 'Last job start', 'Last job end']);
    const view = await listed('auditor', { viewType: 'User', pageSize: 125 });
    expect(rows.map((r) => r[1])).toEqual(view.items.map((u) => u.email));
    expect(rows.map((r) => r[1])).not.toContain(org.email('other.admin'));
    expect((await exported('user', '/Report/user/export')).rows.map((r) => r[1])).toEqual([org.email('user')]);
  });

  it('Job view: every job, narrowed like the view, quoted by RFC 4180', async () => {
    const { text, header, rows } = await exported('admin', '/Report/job/export');
    expect(header).toEqual(['Job', 'Machine', 'User', 'Product code', 'Mailboxes', ...COUNTERS]);
    expect(text).toContain(quoted(QUIRKY));
    const view = await listed('admin', { viewType: 'Job', pageSize: 125 });
    expect(rows.map((r) => r[0])).toEqual(view.items.map((j) => j.name));
    expect(rows.map((r) => r[0])).not.toContain('Other wave');
    expect((await exported('admin', '/Report/job/export?machineName=MIG-01')).rows.map((r) => r[0])).toEqual([
      'Sales wave',
      'Finance wave',
    ]);
    const ofUser = await exported('admin', `/Report/job/export?userId=${org.accounts.user2}`);
    expect(ofUser.rows.map((r) => r[0])).toEqual(['Legal wave']);
    expect((await get('other', `/Report/job/export?userId=${org.accounts.user}`)).statusCode).toBe(404);
  });

  it('a job’s mailboxes: a formula made inert; a job outside the scope is a JSON 404', async () => {
    const { header, rows } = await exported('admin', `/Report/job/${quirkyJob.id}/mailboxes/export`);
    expect(header).toEqual([
      'Source mailbox',
      'Source type',
      'Target mailbox',
      'Destination type',
      'Folders',
      ...COUNTERS,
      ...MAILBOX_COMPLETENESS_CSV.map((c) => c.header),
    ]);
    expect(rows.map((r) => r[0])).toEqual([`'+1@corp.example`]);
    const finance = await exported('auditor', `/Report/job/${org.jobs.finance.id}/mailboxes/export`);
    const view = await listed('auditor', { viewType: 'Mailbox', pageSize: 125, jobId: org.jobs.finance.id });
    expect(finance.rows.map((r) => r[0])).toEqual(view.items.map((m) => m.sourceMailbox));
    const refused = await get('other', `/Report/job/${org.jobs.finance.id}/mailboxes/export`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false });
  });

  it('a mailbox’s folders: every one, quoted and inert; outside the scope a 404', async () => {
    const [mailbox] = quirkyJob.mailboxIds;
    const { header, rows } = await exported('admin', `/Report/mailbox/${mailbox}/folders/export`);
    expect(header).toEqual(['Folder', ...COUNTERS, ...FOLDER_COMPLETENESS_CSV.map((c) => c.header)]);
    expect(rows.map((r) => r[0]).sort()).toEqual([`'=cmd|"/c calc"!A1`, '/Inbox, "old"']);
    expect(rows.find((r) => r[0] === '/Inbox, "old"')?.slice(1, 7)).toEqual(['In Progress', '5', '5', '0', '0', '100']);
    expect((await get('user', `/Report/mailbox/${mailbox}/folders/export`)).statusCode).toBe(404);
  });

  it('writes each export to the audit trail with the view and its narrowing', async () => {
    await exported('admin', `/Report/job/export?machineName=MIG-02&userId=${org.accounts.user2}`);
    const admin = { actorId: org.accounts.admin, tenantId: org.accounts.admin };
    await expectExportAudit(ctx.handle.db, 'report-jobs', { machineName: 'MIG-02', userId: org.accounts.user2 }, admin);
    await exported('admin', `/Report/job/${quirkyJob.id}/mailboxes/export`);
    await expectExportAudit(ctx.handle.db, 'report-mailboxes', { jobId: quirkyJob.id, onlyIncomplete: false }, admin);
    const before = (await exportAudits(ctx.handle.db)).length;
    await get('other', `/Report/job/${quirkyJob.id}/mailboxes/export`);
    expect(await exportAudits(ctx.handle.db)).toHaveLength(before);
  });
});
