import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@portal/contracts/roles';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { jobRow, machineRow, REPORT_KEY, reportReplies } from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';
import { cellTexts, headerTexts } from '@/test/table';

function setUp(answers: Parameters<typeof reportReplies>[0], path = '/reports/machine', roles: Role[] = ['User']) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    [REPORT_KEY]: reportReplies(answers),
    'POST /api/Machine/release-binding': ok({ id: 'm-1', name: 'MIG-WS-01', released: 1 }),
  });
  const view = renderApp(path);
  return { api, view, user: userEvent.setup() };
}

viewInTimeZone(ZONE);

describe('Machine View (/reports/machine)', () => {
  it('lists the machines, 25 a page, with jobs, mailboxes and last job dates', async () => {
    const { api } = setUp({ Machine: { viewType: 'Machine', items: [machineRow()], totalCount: 1 } });
    expect(await screen.findByRole('heading', { name: 'Machine View', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Machine View' });
    const row = (await within(table).findByText('MIG-WS-01')).closest('tr')!;
    expect(headerTexts(table)).toEqual([
      'Machine',
      'Jobs',
      'Mailboxes',
      `Last Job Start (${ZONE})`,
      `Last Job End (${ZONE})`,
    ]);
    expect(cellTexts(row)).toEqual(['MIG-WS-01', '3', '1,250', '03/02/2026 17:34:05', '—']);
    expect(await api.bodiesOf(REPORT_KEY)).toEqual([{ viewType: 'Machine', pageNumber: 1, pageSize: 25 }]);
  });

  it('opens the jobs run on a machine from its row', async () => {
    const { api, user, view } = setUp({
      Machine: { viewType: 'Machine', items: [machineRow({ name: 'MIG WS/02' })], totalCount: 1 },
      Job: { viewType: 'Job', items: [jobRow({ machineName: 'MIG WS/02' })], totalCount: 1, user: null },
    });
    await user.click(await screen.findByRole('link', { name: 'MIG WS/02' }));
    expect(await screen.findByRole('heading', { name: 'Jobs on MIG WS/02', level: 1 })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?machineName=MIG+WS%2F02');
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({
        viewType: 'Job',
        pageNumber: 1,
        pageSize: 25,
        machineName: 'MIG WS/02',
      }),
    );
  });

  it('pages on the server with 25 to 125 rows a page', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => machineRow({ name: `M-${i + 1}` }));
    const { api, user } = setUp({ Machine: { viewType: 'Machine', items: rows, totalCount: 60 } });
    await screen.findByText('M-1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({ viewType: 'Machine', pageNumber: 2, pageSize: 25 }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['25', '50', '75', '100', '125']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({ viewType: 'Machine', pageNumber: 1, pageSize: 50 }),
    );
  });

  it('says No results. when no machine ran a migration', async () => {
    setUp({ Machine: { viewType: 'Machine', items: [], totalCount: 0 } });
    expect(await screen.findByText('No results.')).toBeInTheDocument();
  });

  it("shows the server's message when the list fails to load, and no success notice for the POST", async () => {
    setUp({ Machine: { status: 503, message: 'Reports are being rebuilt.' } });
    const table = await screen.findByRole('table', { name: 'Machine View' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('Reports are being rebuilt.');
  });

  it('lets an Admin release a machine from its computer, after saying what that does', async () => {
    const { api, user } = setUp(
      { Machine: { viewType: 'Machine', items: [machineRow()], totalCount: 1 } },
      '/reports/machine',
      ['Admin'],
    );
    await user.click(await screen.findByRole('button', { name: 'Release MIG-WS-01' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release MIG-WS-01?' });
    expect(dialog).toHaveTextContent('the next computer that reports as MIG-WS-01 takes its place');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(async () =>
      expect(await api.bodiesOf('POST /api/Machine/release-binding')).toEqual([{ machineName: 'MIG-WS-01' }]),
    );
    expect(await screen.findByText('The next computer that reports as MIG-WS-01 takes its place.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('offers no release to a User', async () => {
    setUp({ Machine: { viewType: 'Machine', items: [machineRow()], totalCount: 1 } });
    await screen.findByText('MIG-WS-01');
    expect(screen.queryByRole('button', { name: /^Release/ })).not.toBeInTheDocument();
  });
});
