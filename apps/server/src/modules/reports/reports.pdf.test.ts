import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addBigJob, addJob, addMachine, type ReportOrg, reportOrg } from '../../../test/report-fixtures';
import { idOf } from '../../../test/fixtures';
import { fit } from './reports.pdf-layout';
import { MIGRATION_STATUS_LABELS } from '@portal/contracts/labels';
import { MAILBOX_COUNT_STATUSES, TIME_ZONE_MSG } from '@portal/contracts/reports';

let ctx: TestContext;
let org: ReportOrg;
let admin: string;
let user: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await reportOrg(ctx.handle.db);
  admin = await ctx.login(org.email('admin'));
  user = await ctx.login(org.email('user'));
});
afterAll(() => ctx.close());

const pdfOf = (token: string, jobId: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/report/job/${jobId}/pdf${query}`, headers: bearer(token) });

async function textOf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text };
}

describe("a job's PDF", () => {
  it('is a PDF file named after the job, with the cover, the totals, the mailboxes and their folders', async () => {
    const res = await pdfOf(admin, org.jobs.finance.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Migration_Report_Finance_wave.pdf"; filename*=UTF-8''Migration_Report_Finance_wave.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await textOf(res.rawPayload);
    expect(pages).toBe(3);
    for (const expected of [
      'Migration Report',
      'Finance wave',
      'MIG-01',
      `Alex Admin (${org.email('admin')})`,
      'MBX',
      'Per mailbox',
      '20/11/2026 08:00:00 UTC',
      '20/11/2026 10:00:00 UTC',
      'All times are in UTC.',
      'Completed with errors',
      // Items total, migrated, failed, filtered, completion.
      '190',
      '187',
      '100.00%',
      'ann@corp.example',
      'bob@new.corp.example',
      '/Sent Items',
      'Total (source)',
      'Page 1',
      'Page 3',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("writes its times in the requester's time zone, and names it", async () => {
    const res = await pdfOf(admin, org.jobs.finance.id, '?timeZone=Europe/Paris');
    expect(res.statusCode).toBe(200);
    const { text } = await textOf(res.rawPayload);
    for (const expected of [
      '20/11/2026 09:00:00 Europe/Paris',
      '20/11/2026 11:00:00 Europe/Paris',
      'All times are in Europe/Paris.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('UTC');
  });

  it('refuses an unknown time zone with a 400 naming the field, not a PDF in another zone', async () => {
    for (const zone of ['Mars/Olympus_Mons', 'Europe%2FParis%00', '']) {
      const res = await pdfOf(admin, org.jobs.finance.id, `?timeZone=${zone}`);
      expect(res.statusCode, zone).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const fields = (res.json().errors as { field: string }[]).map((error) => error.field);
      expect(new Set(fields), zone).toEqual(new Set(['timeZone']));
    }
    const res = await pdfOf(admin, org.jobs.finance.id, '?timeZone=Mars/Olympus_Mons');
    expect(res.json().errors).toEqual([{ field: 'timeZone', message: TIME_ZONE_MSG }]);
  });

  it('counts mailboxes by status in the words of the screens (contracts/labels.ts)', async () => {
    const { text } = await textOf((await pdfOf(admin, org.jobs.finance.id)).rawPayload);
    for (const status of MAILBOX_COUNT_STATUSES) expect(text).toContain(MIGRATION_STATUS_LABELS[status]);
    expect(text).not.toMatch(/Completed With Errors|CompletedWithErrors|InProgress/);
  });

  it('prints names in Cyrillic, Greek, Polish and other scripts as they are, not as "?"', async () => {
    const adminId = await idOf(ctx.handle.db, org.email('admin'));
    const machine = await addMachine(ctx.handle.db, adminId, 'Машина-01');
    const job = await addJob(ctx.handle.db, {
      machineId: machine,
      accountId: adminId,
      name: 'Łódź — Αθήνα — Москва',
      start: new Date(Date.UTC(2026, 10, 20, 8)),
      end: new Date(Date.UTC(2026, 10, 20, 9)),
      status: 'Completed',
      mailboxes: [
        {
          source: 'žofia.łukasiewicz@przykład.pl',
          target: 'αλέξης@παράδειγμα.gr',
          status: 'Completed',
          folders: [{ path: '/Входящие/Отчёты', total: 3, migrated: 3 }],
        },
        // CJK is outside the embedded font: a question mark, not an empty box.
        { source: 'wang.中@corp.example', status: 'Completed', folders: [] },
      ],
    });
    const res = await pdfOf(admin, job.id);
    expect(res.statusCode).toBe(200);
    const { text } = await textOf(res.rawPayload);
    for (const expected of [
      'Łódź — Αθήνα — Москва',
      'Машина-01',
      'žofia.łukasiewicz@przykład.pl',
      'αλέξης@παράδειγμα.gr',
      '/Входящие/Отчёты',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('wang.?@corp.example');
    expect(text).not.toContain('??');
  });

  it('prints "?" only for what its font cannot draw (CJK), and cuts long values', () => {
    const covers = (code: number) => code < 0x3000;
    expect(fit('Иван 中文', 20, covers)).toBe('Иван ??');
    expect(fit('Ünïcödé ✓', 20)).toBe('Ünïcödé ?');
    expect(fit('Ωmega'.repeat(10), 10, covers)).toBe('ΩmegaΩm...');
  });

  it('reads every mailbox once across keyset batches, in order, on numbered pages', async () => {
    const jobId = await addBigJob(ctx.handle.db, {
      machineId: org.machines.mig1,
      accountId: org.accounts.admin,
      name: 'Big wave',
      start: org.at(10),
      count: 1_100,
      folders: 2,
    });
    const res = await pdfOf(admin, jobId);
    expect(res.statusCode).toBe(200);
    const { pages, text } = await textOf(res.rawPayload);
    const sources = [...text.matchAll(/mbx-(\d{5})@big\.example/g)].map((match) => Number(match[1]));
    // Each mailbox in the table, then again above its folders: newest first, ties by id.
    expect(sources).toHaveLength(2_200);
    const table = sources.slice(0, 1_100);
    expect(new Set(table).size).toBe(1_100);
    expect(new Set(sources.slice(1_100))).toEqual(new Set(table));
    const starts = table.map((n) => Math.floor(n / 3));
    expect(starts[0]).toBe(Math.floor(1_100 / 3));
    expect(starts.every((start, i) => i === 0 || start <= (starts[i - 1] ?? 0))).toBe(true);
    expect(text.match(/\/Folder 002/g)).toHaveLength(1_100);
    expect(text).toContain(`Page ${pages}`);
    expect(pages).toBeGreaterThan(40);
  });

  it('answers 404 in the JSON envelope for a job outside the scope, and 400 for a malformed id', async () => {
    for (const [token, jobId] of [
      [user, org.jobs.finance.id],
      [admin, org.jobs.other.id],
      [admin, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await pdfOf(token, jobId);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ success: false, message: 'Job not found', requestId: expect.any(String) });
    }
    expect((await pdfOf(user, org.jobs.sales.id)).statusCode).toBe(200);
    expect((await pdfOf(admin, 'not-a-job')).statusCode).toBe(400);
  });
});
