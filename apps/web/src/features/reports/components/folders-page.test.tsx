import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { folderRow, JOB_ID, jobSummary, MAILBOX_ID, mailboxRow, REPORT_KEY, reportReplies } from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';
import { cellTexts, headerTexts } from '@/test/table';

const mailbox = { ...mailboxRow({ errorMessage: 'Quota exceeded' }), jobName: 'Contoso wave 1' };

function setUp(answers: Parameters<typeof reportReplies>[0], path = `/reports/folders?mailboxId=${MAILBOX_ID}`) {
  signIn();
  const api = mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])), [REPORT_KEY]: reportReplies(answers) });
  const view = renderApp(path);
  return { api, view, user: userEvent.setup() };
}

viewInTimeZone(ZONE);

describe('Folders of a mailbox (/reports/folders?mailboxId=)', () => {
  it('shows the mailbox (source to target, its job) above its folders, 500 a page', async () => {
    const { api } = setUp({ Folder: { viewType: 'Folder', items: [folderRow()], totalCount: 1, mailbox } });
    expect(
      await screen.findByRole('heading', { name: 'ann@contoso.example to ann@fabrikam.example', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Contoso wave 1' })[0]).toHaveAttribute(
      'href',
      `/reports/job?jobId=${JOB_ID}`,
    );
    const summary = screen.getByRole('region', { name: 'Mailbox summary' });
    expect(within(summary).getByText('Quota exceeded')).toBeInTheDocument();
    expect(within(summary).getByText(/^14 folders/)).toHaveTextContent(
      `14 folders · 03/02/2026 17:34:05 to — (${ZONE})`,
    );

    const table = screen.getByRole('table', { name: 'Folders of ann@contoso.example' });
    expect(headerTexts(table)).toEqual([
      'Folder',
      'Status',
      'Items',
      `Start (${ZONE})`,
      `End (${ZONE})`,
      'Error',
      'Completeness',
    ]);
    const row = within(table).getByText('Inbox/Projects').closest('tr')!;
    expect(cellTexts(row)).toEqual([
      'Inbox/Projects',
      'Completed with errors100.00%',
      '1,040 of 1,20010 failed · 0 filtered',
      '03/02/2026 17:34:05',
      '03/02/2026 18:30:00',
      'Item too large',
      'Incomplete',
    ]);
    expect(within(row).getByRole('progressbar', { name: 'Progress of Inbox/Projects' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(await api.bodiesOf(REPORT_KEY)).toEqual([
      { viewType: 'Folder', pageNumber: 1, pageSize: 500, mailboxId: MAILBOX_ID },
    ]);
  });

  it('offers 500 to 2500 folders a page', async () => {
    const { api, user } = setUp({ Folder: { viewType: 'Folder', items: [folderRow()], totalCount: 1200, mailbox } });
    await screen.findByText('Inbox/Projects');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['500', '1000', '1500', '2000', '2500']);
    await user.click(screen.getByRole('option', { name: '1500' }));
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({
        viewType: 'Folder',
        pageNumber: 1,
        pageSize: 1500,
        mailboxId: MAILBOX_ID,
      }),
    );
  });

  it('leads back up to the job and the Job View', async () => {
    const { user, view } = setUp({
      Folder: { viewType: 'Folder', items: [], totalCount: 0, mailbox },
      Mailbox: { viewType: 'Mailbox', items: [mailboxRow()], totalCount: 1, job: jobSummary() },
    });
    expect(await screen.findByText('No results.')).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(breadcrumb)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Job View', 'Contoso wave 1', 'ann@contoso.example']);
    expect(within(breadcrumb).getByRole('link', { name: 'Job View' })).toHaveAttribute('href', '/reports/jobs');
    await user.click(within(breadcrumb).getByRole('link', { name: 'Contoso wave 1' }));
    expect(await screen.findByRole('heading', { name: 'Contoso wave 1', level: 1 })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe(`?jobId=${JOB_ID}`);
  });

  it("shows the server's message when the mailbox cannot be read", async () => {
    setUp({ Folder: { status: 404, message: 'Mailbox not found' } });
    const table = await screen.findByRole('table', { name: 'Folders' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('Mailbox not found');
  });

  it.each([
    ['/reports/folders', 'No mailbox was chosen.'],
    ['/reports/folders?mailboxId=%27%3B--', "This link's mailbox id is not valid."],
  ])('explains %s without asking the server', async (path, message) => {
    const { api } = setUp({}, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.calls(REPORT_KEY)).toHaveLength(0);
  });
});
