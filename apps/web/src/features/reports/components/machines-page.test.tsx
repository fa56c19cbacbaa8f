import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@portal/contracts/roles';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { jobRow, MACHINE_ID, machineRow, REPORT_KEY, reportReplies } from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';
import { cellTexts, headerTexts } from '@/test/table';

const LATER = '2026-02-04T08:00:00.000Z';
const LOT = '0a1b2c3d-1111-4222-8333-444455556666';

/** MIG-WS-01's detail: one bound license and one job; an Admin of its pool may act on it. */
const machineDetail = (admin: boolean) => ({
  id: MACHINE_ID,
  name: 'MIG-WS-01',
  fingerprint: 'fp-ws-01',
  lastSeenAt: LATER,
  blocked: false,
  blockedAt: null,
  blockedByName: null,
  manageable: admin,
  boundUnits: [
    {
      licenseId: LOT,
      productCode: 'MBX',
      productName: 'Mailbox Migration',
      poolId: 'p-1',
      poolName: 'Default Pool of Ann Lee',
      boundAt: '2026-02-03T12:04:05.000Z',
      expiresAt: null,
      fingerprint: 'fp-ws-01',
      releasable: admin,
    },
  ],
  jobs: [jobRow()].map((job) => ({
    id: job.id,
    name: job.name,
    userName: job.userName,
    productCode: 'MBX',
    status: job.status,
    startDate: job.startDate,
    endDate: job.endDate,
  })),
  jobCount: 3,
});

function setUp(answers: Parameters<typeof reportReplies>[0], path = '/reports/machine', roles: Role[] = ['User']) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    [REPORT_KEY]: reportReplies(answers),
    'POST /api/Machine/release-binding': ok({ id: MACHINE_ID, name: 'MIG-WS-01', released: 1 }),
    [`GET /api/Machine/${MACHINE_ID}`]: ok(machineDetail(roles.includes('Admin'))),
    'POST /api/Machine/block': ok({ id: MACHINE_ID, name: 'MIG-WS-01', blocked: true, blockedAt: LATER }),
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
      'Bound Licenses',
      `Last Job Start (${ZONE})`,
      `Last Job End (${ZONE})`,
      'Actions',
    ]);
    expect(cellTexts(row)).toEqual(['MIG-WS-01', '3', '1,250', '1', '03/02/2026 17:34:05', '—', 'Details']);
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
    const rows = Array.from({ length: 25 }, (_, i) => machineRow({ id: `m-${i + 1}`, name: `M-${i + 1}` }));
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

  it("opens a machine's detail: its computer, its bound license (product, lot, pool, since) and its jobs", async () => {
    const { user } = setUp({ Machine: { viewType: 'Machine', items: [machineRow()], totalCount: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Details of MIG-WS-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'MIG-WS-01' });
    expect(await within(dialog).findByText('fp-ws-01')).toBeInTheDocument();
    const bound = within(dialog).getByRole('table', { name: 'Bound licenses' });
    expect(cellTexts(within(bound).getAllByRole('row')[1]!)).toEqual([
      'Mailbox Migration',
      '0a1b2c3d',
      'Default Pool of Ann Lee',
      '03/02/2026 17:34:05',
      'Never',
      '',
    ]);
    expect(within(dialog).getByRole('table', { name: 'Latest jobs' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'All 3 jobs on MIG-WS-01' })).toBeInTheDocument();
    // A User neither releases nor blocks.
    expect(within(dialog).queryByRole('button', { name: /Release|Block/ })).not.toBeInTheDocument();
  });

  it("lets an Admin release a machine's bound license, after saying it goes back to its pool", async () => {
    const { api, user } = setUp(
      { Machine: { viewType: 'Machine', items: [machineRow()], totalCount: 1 } },
      '/reports/machine',
      ['Admin'],
    );
    await user.click(await screen.findByRole('button', { name: 'Details of MIG-WS-01' }));
    const detail = await screen.findByRole('dialog', { name: 'MIG-WS-01' });
    await user.click(await within(detail).findByRole('button', { name: 'Release Mailbox Migration (lot 0a1b2c3d)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release Mailbox Migration from MIG-WS-01?' });
    expect(confirm).toHaveTextContent('goes back to Default Pool of Ann Lee as an available license');
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(async () =>
      expect(await api.bodiesOf('POST /api/Machine/release-binding')).toEqual([
        { machineName: 'MIG-WS-01', licenseId: LOT },
      ]),
    );
    expect(await screen.findByText('1 license went back to its pool.')).toBeInTheDocument();
  });

  it('lets an Admin block a machine, after saying its calls will be refused', async () => {
    const { api, user } = setUp(
      { Machine: { viewType: 'Machine', items: [machineRow()], totalCount: 1 } },
      '/reports/machine',
      ['Admin'],
    );
    await user.click(await screen.findByRole('button', { name: 'Details of MIG-WS-01' }));
    const detail = await screen.findByRole('dialog', { name: 'MIG-WS-01' });
    await user.click(await within(detail).findByRole('button', { name: 'Block machine' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Block MIG-WS-01?' });
    expect(confirm).toHaveTextContent(
      'The portal refuses every call of the migration tool on MIG-WS-01 until an Admin unblocks it',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    await waitFor(async () =>
      expect(await api.bodiesOf('POST /api/Machine/block')).toEqual([{ machineName: 'MIG-WS-01' }]),
    );
    expect(await screen.findByText('MIG-WS-01 is blocked: its calls are refused.')).toBeInTheDocument();
  });

  it('marks a blocked machine in the list', async () => {
    setUp({ Machine: { viewType: 'Machine', items: [machineRow({ blocked: true })], totalCount: 1 } });
    const table = await screen.findByRole('table', { name: 'Machine View' });
    expect(await within(table).findByText('Blocked')).toBeInTheDocument();
  });
});
