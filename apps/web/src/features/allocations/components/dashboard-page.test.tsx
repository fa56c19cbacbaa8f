import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  ARCHIVE,
  PAY_PER_USE,
  allocationRow,
  expiredLot,
  consumption,
  hierarchy,
  poolAllocations,
  STOCK_COLUMNS,
} from '@/test/stock';
import { signIn, userWith } from '@/test/users';
import { headerTexts } from '@/test/table';

const HIERARCHY = 'GET /api/LicensePool/user-allocation-hierarchy';
const CONSUMPTION = 'GET /api/LicenseMovement/consumption';

function setUp(answer: ReturnType<typeof hierarchy>, roles: Parameters<typeof userWith>[0] = ['Admin']) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    [HIERARCHY]: ok(answer),
    // The dashboard's charts (lazy-dashboard-charts.tsx).
    [CONSUMPTION]: ok(consumption()),
  });
  renderApp('/dashboard');
  return { api, user: userEvent.setup() };
}

describe('Dashboard (/dashboard)', () => {
  it("speaks of shared pools and users' licenses to those who have them only", async () => {
    setUp(hierarchy(), ['User']);
    const heading = await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(heading.parentElement).toHaveTextContent('Your licenses and those of the pool you draw on.');
    expect(screen.queryByText(/your users' licenses/)).not.toBeInTheDocument();
  });

  it("tells an Admin of its shared pools and its users' licenses", async () => {
    setUp(hierarchy());
    expect(await screen.findByText("Your licenses, your shared pools and your users' licenses.")).toBeInTheDocument();
  });

  it('says Expired on the row of a lot that expired unused, and how many expired of a group in part', async () => {
    setUp(
      hierarchy({
        defaultPool: poolAllocations({
          productAllocations: [
            expiredLot(),
            allocationRow({ ...ARCHIVE, productName: ARCHIVE.name, totalQuantity: 10, expiredQuantity: 4 }),
          ],
        }),
        customPools: [],
        childUsers: [],
        parentAccountPool: null,
      }),
    );
    const own = await screen.findByRole('table', { name: 'Dashboard' });
    const expired = within(own).getByText('Mailbox Migration').closest('tr')!;
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    const partly = within(own).getByText('Archive Migration').closest('tr')!;
    expect(within(partly).getByText('4 expired')).toBeInTheDocument();
  });

  it('shows only the sections with rows, from one request', async () => {
    const { api } = setUp(
      hierarchy({
        defaultPool: poolAllocations({
          productAllocations: [
            allocationRow({ allocatedQuantity: 2 }),
            allocationRow({ ...PAY_PER_USE, productName: PAY_PER_USE.name }),
          ],
        }),
        customPools: [
          poolAllocations({
            poolName: 'Sales',
            poolType: 'Pool',
            productAllocations: [allocationRow({ ...ARCHIVE, productName: ARCHIVE.name, poolName: 'Sales' })],
          }),
          // A pool with nothing in it adds no rows.
          poolAllocations({ poolName: 'Empty', poolType: 'Pool' }),
        ],
        childUsers: [],
        parentAccountPool: null,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const own = await screen.findByRole('table', { name: 'Dashboard' });
    expect(headerTexts(own)).toEqual(STOCK_COLUMNS);
    const payPerUse = within(own).getByText('Public Folder Migration').closest('tr')!;
    expect(within(payPerUse).getByText('Pay-Per-Use')).toBeInTheDocument();
    expect(within(payPerUse).getByText('-')).toBeInTheDocument();
    expect(within(own).getByText('365 days')).toBeInTheDocument();

    const shared = screen.getByRole('table', { name: 'Shared Pool Licenses' });
    expect(headerTexts(shared)[0]).toBe('Pool');
    expect(within(shared).getAllByRole('row')).toHaveLength(2);
    expect(within(shared).getByText('Sales')).toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: 'Account Pool' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users Licenses' })).not.toBeInTheDocument();
    expect(screen.getAllByPlaceholderText('Filter licenses...')).toHaveLength(2);
    expect(api.calls(HIERARCHY)).toHaveLength(1);
  });

  it("names the user of each row in Users Licenses, and shows the parent's pool", async () => {
    setUp(
      hierarchy({
        childUsers: [
          {
            userId: '11111111-1111-4111-8111-111111111111',
            userName: 'Ann Lee',
            userEmail: 'ann@contoso.example',
            defaultPool: poolAllocations({
              productAllocations: [allocationRow({ childEmail: 'ann@contoso.example' })],
            }),
            assignedPool: null,
          },
        ],
        parentAccountPool: poolAllocations({
          poolName: 'Parent pool',
          poolType: 'Pool',
          productAllocations: [allocationRow()],
        }),
      }),
    );
    const users = await screen.findByRole('table', { name: 'Users Licenses' });
    expect(headerTexts(users)[0]).toBe('User');
    expect(within(users).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(users).getByText('ann@contoso.example')).toBeInTheDocument();
    expect(headerTexts(screen.getByRole('table', { name: 'Account Pool' }))).not.toContain('Allocated');
    expect(screen.queryByRole('table', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('filters a section on the client', async () => {
    const { api, user } = setUp(
      hierarchy({
        defaultPool: poolAllocations({
          productAllocations: [allocationRow(), allocationRow({ ...ARCHIVE, productName: ARCHIVE.name })],
        }),
      }),
    );
    const own = await screen.findByRole('table', { name: 'Dashboard' });
    expect(within(own).getAllByRole('row')).toHaveLength(3);
    await user.type(screen.getByRole('searchbox', { name: 'Filter Dashboard' }), 'arc');
    await waitFor(() => expect(within(own).getAllByRole('row')).toHaveLength(2));
    expect(within(own).getByText('Archive Migration')).toBeInTheDocument();
    expect(api.calls(HIERARCHY)).toHaveLength(1);
  });

  it('says so when there is nothing anywhere', async () => {
    setUp(hierarchy());
    expect(await screen.findByText('No allocation found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
