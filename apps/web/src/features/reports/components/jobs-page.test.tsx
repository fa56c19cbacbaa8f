import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { JOB_ID, jobRow, jobSummary, REPORT_KEY, reportReplies, USER_ID } from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';
import { cellTexts, headerTexts } from '@/test/table';

function setUp(answers: Parameters<typeof reportReplies>[0], path = '/reports/jobs') {
  signIn();
  const api = mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])), [REPORT_KEY]: reportReplies(answers) });
  const view = renderApp(path);
  return { api, view, user: userEvent.setup() };
}

const annLee = { id: USER_ID, name: 'Ann Lee', email: 'ann@contoso.example' };

viewInTimeZone(ZONE);

describe('Job View (/reports/jobs)', () => {
  it('lists every job with machine, user, mailboxes, status, progress, items and dates', async () => {
    const { api } = setUp({ Job: { viewType: 'Job', items: [jobRow()], totalCount: 1, user: null } });
    expect(await screen.findByRole('heading', { name: 'Job View', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Job View' });
    const row = (await within(table).findByText('Contoso wave 1')).closest('tr')!;
    expect(headerTexts(table)).toEqual([
      'Job',
      'Machine / User',
      'Mailboxes',
      'Status',
      'Items',
      `Start (${ZONE})`,
      `End (${ZONE})`,
    ]);
    expect(cellTexts(row)).toEqual([
      'Contoso wave 1',
      'MIG-WS-01Ann Lee',
      '12',
      'In Progress87.50%',
      '1,040 of 1,20010 failed · 0 filtered',
      '03/02/2026 17:34:05',
      '—',
    ]);
    const bar = within(row).getByRole('progressbar', { name: 'Progress of Contoso wave 1' });
    expect(bar).toHaveAttribute('aria-valuenow', '87.5');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '87.50%');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(await api.bodiesOf(REPORT_KEY)).toEqual([{ viewType: 'Job', pageNumber: 1, pageSize: 25 }]);
  });

  it('names the API key a job was started with beside its user', async () => {
    setUp({
      Job: {
        viewType: 'Job',
        items: [jobRow({ apiKeyName: 'MIG-WS-01 agent' })],
        totalCount: 1,
        user: null,
      },
    });
    const table = await screen.findByRole('table', { name: 'Job View' });
    const row = (await within(table).findByText('Contoso wave 1')).closest('tr')!;
    expect(cellTexts(row)[1]).toBe("MIG-WS-01Ann Lee via key 'MIG-WS-01 agent'");
  });

  it('shows other statuses as words', async () => {
    setUp({
      Job: {
        viewType: 'Job',
        items: [
          jobRow({ id: 'a', name: 'A', status: 'CompletedWithErrors' }),
          jobRow({ id: 'b', name: 'B', status: 'NotStarted', completionPercentage: 0 }),
          jobRow({ id: 'c', name: 'C', status: 'Completed', completionPercentage: 100 }),
        ],
        totalCount: 3,
        user: null,
      },
    });
    await screen.findByText('A');
    expect(screen.getByText('Completed with errors')).toBeInTheDocument();
    expect(screen.getByText('Not Started')).toBeInTheDocument();
    expect(screen.getByText('100.00%')).toBeInTheDocument();
  });

  it('narrows to a user and a machine, each filter removable', async () => {
    const { api, user, view } = setUp(
      { Job: { viewType: 'Job', items: [jobRow()], totalCount: 1, user: annLee } },
      `/reports/jobs?userId=${USER_ID}&machineName=MIG-WS-01`,
    );
    expect(await screen.findByRole('heading', { name: 'Jobs of Ann Lee on MIG-WS-01', level: 1 })).toBeInTheDocument();
    expect(await api.bodiesOf(REPORT_KEY)).toEqual([
      { viewType: 'Job', pageNumber: 1, pageSize: 25, userId: USER_ID, machineName: 'MIG-WS-01' },
    ]);
    await user.click(screen.getByRole('link', { name: 'Remove filter Machine: MIG-WS-01' }));
    expect(await screen.findByRole('heading', { name: 'Jobs of Ann Lee', level: 1 })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe(`?userId=${USER_ID}`);
    await user.click(screen.getByRole('link', { name: 'Remove filter User: Ann Lee' }));
    expect(await screen.findByRole('heading', { name: 'Job View', level: 1 })).toBeInTheDocument();
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({ viewType: 'Job', pageNumber: 1, pageSize: 25 }),
    );
  });

  it('leads back to the Machine View from the jobs of a machine', async () => {
    const { user } = setUp(
      {
        Job: { viewType: 'Job', items: [jobRow()], totalCount: 1, user: null },
        Machine: { viewType: 'Machine', items: [], totalCount: 0 },
      },
      '/reports/jobs?machineName=MIG-WS-01',
    );
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText('Jobs on MIG-WS-01')).toHaveAttribute('aria-current', 'page');
    await user.click(within(breadcrumb).getByRole('link', { name: 'Machine View' }));
    expect(await screen.findByRole('heading', { name: 'Machine View', level: 1 })).toBeInTheDocument();
  });

  it('opens the mailboxes of a job from its row', async () => {
    const { user, view } = setUp({
      Job: { viewType: 'Job', items: [jobRow()], totalCount: 1, user: null },
      Mailbox: { viewType: 'Mailbox', items: [], totalCount: 0, job: jobSummary() },
    });
    await user.click(await screen.findByRole('link', { name: 'Contoso wave 1' }));
    expect(await screen.findByRole('heading', { name: 'Contoso wave 1', level: 1 })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/reports/job');
    expect(view.router.state.location.search).toBe(`?jobId=${JOB_ID}`);
  });

  it('explains a malformed user id instead of asking the server', async () => {
    const { api } = setUp({}, '/reports/jobs?userId=not-a-user');
    expect(await screen.findByRole('alert')).toHaveTextContent("This link's user id is not valid.");
    expect(screen.getByRole('link', { name: 'Choose a user in the User View' })).toHaveAttribute(
      'href',
      '/reports/users',
    );
    expect(api.calls(REPORT_KEY)).toHaveLength(0);
  });
});
