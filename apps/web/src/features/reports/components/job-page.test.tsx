import { REPORT_MSG } from '@portal/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { json, mockApi, ok } from '@/test/mock-api';
import { recordDownloads } from '@/test/downloads';
import { renderApp } from '@/test/render-app';
import {
  JOB_ID,
  jobSummary,
  jobTimeline,
  MAILBOX_ID,
  mailboxRow,
  REPORT_KEY,
  reportReplies,
  TIMELINE_KEY,
} from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';
import { cellTexts, headerTexts } from '@/test/table';

const PDF_KEY = `GET /api/report/job/${JOB_ID}/pdf`;
const MAILBOX_PDF_KEY = `GET /api/report/mailbox/${MAILBOX_ID}/pdf`;
const mailboxPage = (items = [mailboxRow()], totalCount = items.length) =>
  ({ viewType: 'Mailbox', items, totalCount, job: jobSummary() }) as const;

function setUp(extra: Parameters<typeof mockApi>[0] = {}, path = `/reports/job?jobId=${JOB_ID}`, totalCount = 1) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['User'])),
    [REPORT_KEY]: reportReplies({
      Mailbox: mailboxPage([mailboxRow()], totalCount),
      Folder: { viewType: 'Folder', items: [], totalCount: 0, mailbox: { ...mailboxRow(), jobName: 'Contoso wave 1' } },
      Job: { viewType: 'Job', items: [], totalCount: 0, user: null },
    }),
    // The job's charts (lazy-job-charts.tsx).
    [TIMELINE_KEY]: ok(jobTimeline()),
    ...extra,
  });
  const view = renderApp(path);
  return { api, view, user: userEvent.setup() };
}

/** What the browser was asked to save. */
const saved = recordDownloads();

function pdf(disposition?: string) {
  return () =>
    new Response('%PDF-1.7 report', {
      headers: { 'Content-Type': 'application/pdf', ...(disposition && { 'Content-Disposition': disposition }) },
    });
}

viewInTimeZone(ZONE);

describe('Mailboxes of a job (/reports/job?jobId=)', () => {
  it("shows the job's totals above its mailboxes", async () => {
    const { api } = setUp();
    expect(await screen.findByRole('heading', { name: 'Contoso wave 1', level: 1 })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Job summary' });
    expect(within(summary).getByText('In Progress')).toBeInTheDocument();
    expect(within(summary).getByRole('progressbar', { name: 'Progress of Contoso wave 1' })).toHaveAttribute(
      'aria-valuetext',
      '87.50%',
    );
    expect(within(summary).getByText('87.50%', { selector: 'dd' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'MIG-WS-01' })).toHaveAttribute(
      'href',
      '/reports/jobs?machineName=MIG-WS-01',
    );
    expect(within(summary).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/reports\/jobs\?userId=/),
    );
    expect(within(summary).getByText('1,040 migrated of 1,200')).toBeInTheDocument();
    // Its times in the viewer's zone, named: the PDF is asked for the same zone.
    expect(within(summary).getByText(`Start (${ZONE})`).nextSibling?.textContent).toBe('03/02/2026 17:34:05');
    expect(within(summary).getByText('10 failed · 0 filtered')).toBeInTheDocument();
    const byStatus = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(byStatus).toEqual([
      'In Progress: 2',
      'Completed: 8',
      'Completed with errors: 1',
      'Failed: 1',
      'Cancelled: 0',
    ]);
    expect(await api.bodiesOf(REPORT_KEY)).toEqual([
      { viewType: 'Mailbox', pageNumber: 1, pageSize: 10, jobId: JOB_ID },
    ]);
  });

  it('draws a failed mailbox at its migrated share in the failure colour, not as a full bar', async () => {
    setUp({
      [REPORT_KEY]: reportReplies({
        Mailbox: mailboxPage([
          mailboxRow({
            id: MAILBOX_ID,
            sourceMailbox: 'failed@contoso.example',
            status: 'Failed',
            totalItems: 200,
            migratedItems: 50,
            failedItems: 150,
            filteredItems: 0,
            completionPercentage: 100,
          }),
          mailboxRow({
            id: '8b7c6d5e-4f3a-4b2c-8d9e-0f1a2b3c4d5e',
            sourceMailbox: 'empty@contoso.example',
            status: 'Failed',
            totalItems: 0,
            migratedItems: 0,
            failedItems: 0,
            filteredItems: 0,
            completionPercentage: 100,
          }),
        ]),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Mailboxes of Contoso wave 1' });
    const failed = within(table).getByRole('progressbar', { name: 'Progress of failed@contoso.example' });
    expect(failed).toHaveAttribute('aria-valuenow', '25');
    expect(failed).toHaveAttribute('aria-valuetext', 'Failed: 25.00% migrated');
    expect((failed.firstElementChild as HTMLElement).style.width).toBe('25%');
    expect(failed.firstElementChild).toHaveClass('bg-destructive');
    const empty = within(table).getByRole('progressbar', { name: 'Progress of empty@contoso.example' });
    expect(empty).toHaveAttribute('aria-valuenow', '0');
    expect(within(table).getByText('0.00% migrated')).toBeInTheDocument();
  });

  it('lists the mailboxes and opens the folders of one', async () => {
    const { user, view } = setUp();
    const table = await screen.findByRole('table', { name: 'Mailboxes of Contoso wave 1' });
    expect(headerTexts(table)).toEqual([
      'Source Mailbox',
      'Target Mailbox',
      'Status',
      'Items',
      `Start (${ZONE})`,
      `End (${ZONE})`,
      'Error',
      'Completeness',
      'License',
      'Report',
    ]);
    const row = within(table).getByRole('link', { name: 'ann@contoso.example' }).closest('tr')!;
    expect(cellTexts(row)).toEqual([
      'ann@contoso.exampleExchange',
      'ann@fabrikam.exampleOffice 365',
      'In Progress87.50%',
      '1,040 of 1,20010 failed · 0 filtered',
      '03/02/2026 17:34:05',
      '—',
      '-',
      'IncompleteConsistency 99.17% (Investigate)',
      'License trace',
      'Download PDF',
    ]);
    await user.click(within(row).getByRole('link', { name: 'ann@contoso.example' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/reports/folders'));
    expect(view.router.state.location.search).toBe(`?mailboxId=${MAILBOX_ID}`);
  });

  it('pages the mailboxes 10 at a time, with 10, 20, 30, 100 or 125 a page', async () => {
    const { api, user } = setUp({}, `/reports/job?jobId=${JOB_ID}`, 35);
    await screen.findByRole('table', { name: 'Mailboxes of Contoso wave 1' });
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({
        viewType: 'Mailbox',
        pageNumber: 4,
        pageSize: 10,
        jobId: JOB_ID,
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['10', '20', '30', '100', '125']);
  });

  it('downloads the job report under the name the server gives, saying Downloading... meanwhile', async () => {
    let send = () => {};
    const sent = new Promise<void>((resolve) => (send = resolve));
    const { api, user } = setUp({
      [PDF_KEY]: async () => {
        await sent;
        return pdf(
          'attachment; filename="Contoso wave 1.pdf"; filename*=UTF-8\'\'Contoso%20wave%201%20%E2%9C%93.pdf',
        )();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Download Report' }));
    expect(await screen.findByRole('button', { name: 'Downloading...' })).toBeDisabled();
    send();
    expect(await screen.findByRole('button', { name: 'Download Report' })).toBeEnabled();
    expect(saved.map((file) => file.name)).toEqual(['Contoso wave 1 ✓.pdf']);
    expect(await saved[0]!.content).toMatch(/^%PDF/);
    expect(api.calls(PDF_KEY)[0]?.headers.get('Authorization')).toBe('Bearer session-token');
    expect(new URL(api.calls(PDF_KEY)[0]!.url).searchParams.get('timeZone')).toBe(ZONE);
    expect(screen.queryByText(REPORT_MSG.downloadFailed)).not.toBeInTheDocument();
  });

  it('names the file Migration_Report_{jobId}.pdf when the answer names none', async () => {
    const { user } = setUp({ [PDF_KEY]: pdf() });
    await user.click(await screen.findByRole('button', { name: 'Download Report' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual([`Migration_Report_${JOB_ID}.pdf`]));
  });

  it('says the download failed when the server cannot make the report', async () => {
    const { user } = setUp({
      [PDF_KEY]: () => json(500, { success: false, message: 'Renderer crashed' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Report' }));
    expect(await screen.findByText(REPORT_MSG.downloadFailed)).toBeInTheDocument();
    expect(screen.queryByText('Renderer crashed')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeEnabled();
  });

  it("downloads one mailbox's report from its row, under the server's name, in the viewer's zone", async () => {
    const { api, user } = setUp({
      [MAILBOX_PDF_KEY]: pdf('attachment; filename="Migration_Report_Contoso_wave_1_ann_contoso.example.pdf"'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download PDF report of ann@contoso.example' }));
    await waitFor(() =>
      expect(saved.map((file) => file.name)).toEqual(['Migration_Report_Contoso_wave_1_ann_contoso.example.pdf']),
    );
    expect(await saved[0]!.content).toMatch(/^%PDF/);
    expect(new URL(api.calls(MAILBOX_PDF_KEY)[0]!.url).searchParams.get('timeZone')).toBe(ZONE);
    expect(api.calls(PDF_KEY)).toHaveLength(0);
  });

  it("says a mailbox's download failed in the job's words, and names a nameless file after the mailbox", async () => {
    const failing = setUp({ [MAILBOX_PDF_KEY]: () => json(404, { success: false, message: 'Mailbox not found' }) });
    await failing.user.click(await screen.findByRole('button', { name: 'Download PDF report of ann@contoso.example' }));
    expect(await screen.findByText(REPORT_MSG.downloadFailed)).toBeInTheDocument();
    expect(saved).toEqual([]);
    failing.view.unmount();
    const { user } = setUp({ [MAILBOX_PDF_KEY]: pdf() });
    await user.click(await screen.findByRole('button', { name: 'Download PDF report of ann@contoso.example' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual([`Mailbox_Report_${MAILBOX_ID}.pdf`]));
  });

  it("shows the server's message when the job cannot be read", async () => {
    signIn();
    mockApi({
      'GET /api/User/me': ok(userWith(['User'])),
      [REPORT_KEY]: reportReplies({ Mailbox: { status: 404, message: 'Job not found' } }),
    });
    renderApp(`/reports/job?jobId=${JOB_ID}`);
    const table = await screen.findByRole('table', { name: 'Mailboxes' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('Job not found');
    // An unknown job has no report to download, nor mailboxes to export.
    expect(screen.queryByRole('button', { name: 'Download Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
  });

  it.each([
    ['/reports/job', 'No job was chosen.'],
    ['/reports/job?jobId=42', "This link's job id is not valid."],
  ])('explains %s without asking the server', async (path, message) => {
    const { api } = setUp({}, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Choose a job in the Job View' })).toHaveAttribute('href', '/reports/jobs');
    expect(screen.queryByRole('button', { name: 'Download Report' })).not.toBeInTheDocument();
    expect(api.calls(REPORT_KEY)).toHaveLength(0);
  });
});
