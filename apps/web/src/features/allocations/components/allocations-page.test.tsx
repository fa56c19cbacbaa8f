import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { POOL_ID, childAccount, pagedReply, pool, queryOf } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  PAY_PER_USE,
  allocationResult,
  availableItem,
  availableSummaryReply,
  myAllocation,
  STOCK_COLUMNS,
} from '@/test/stock';
import { signIn, userWith } from '@/test/users';
import { cellTexts, headerTexts } from '@/test/table';

const MINE = [myAllocation(), myAllocation({ ...PAY_PER_USE, totalCount: 50, availableCount: 50, allocatedCount: 0 })];

function setUp(
  roles: Parameters<typeof userWith>[0],
  extra: Parameters<typeof mockApi>[0] = {},
  path = '/license-allocation',
) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/LicenseAllocation/user-summary': pagedReply(MINE, 23),
    ...extra,
  });
  const view = renderApp(path);
  return { api, user: userEvent.setup(), ...view };
}

describe('License Allocations (/license-allocation)', () => {
  it("lists the caller's own stock, paged on the server", async () => {
    const { api, user } = setUp(['User']);
    expect(await screen.findByRole('heading', { name: 'License Allocations', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'License Allocations' });
    expect(headerTexts(table)).toEqual(STOCK_COLUMNS);
    const row = (await within(table).findByText('Mailbox Migration')).closest('tr')!;
    expect(cellTexts(row)).toEqual([
      'Mailbox MigrationMBX',
      'Standard',
      '365 days',
      'Node-Locked',
      '20',
      '12',
      '3',
      '1',
      '4',
    ]);
    const payPerUse = within(table).getByText('Public Folder Migration').closest('tr')!;
    expect(within(payPerUse).getByText('Pay-Per-Use')).toBeInTheDocument();
    expect(within(payPerUse).getByText('-')).toBeInTheDocument();
    expect(queryOf(api.calls('GET /api/LicenseAllocation/user-summary')[0])).toEqual({
      fetchType: 'self',
      pageNumber: '1',
      pageSize: '10',
    });
    // Only an Admin or SuperAdmin assigns.
    expect(screen.queryByRole('button', { name: 'Assign Licenses' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.calls('GET /api/LicenseAllocation/user-summary')).toHaveLength(2));
    expect(queryOf(api.calls('GET /api/LicenseAllocation/user-summary')[1])).toEqual({
      fetchType: 'self',
      pageNumber: '2',
      pageSize: '10',
    });
  });

  it('filters on the server after the typing stops', async () => {
    const { api, user } = setUp(['User']);
    const box = await screen.findByPlaceholderText('Filter allocations...');
    await user.type(box, 'mail');
    await waitFor(() => expect(api.calls('GET /api/LicenseAllocation/user-summary')).toHaveLength(2));
    expect(queryOf(api.calls('GET /api/LicenseAllocation/user-summary')[1])).toEqual({
      fetchType: 'self',
      pageNumber: '1',
      pageSize: '10',
      search: 'mail',
    });
  });

  it('says when the caller has none', async () => {
    setUp(['User'], { 'GET /api/LicenseAllocation/user-summary': pagedReply([]) });
    const table = await screen.findByRole('table', { name: 'License Allocations' });
    expect(await within(table).findByText('No allocation found')).toBeInTheDocument();
  });

  it('assigns to a user or a shared pool chosen in the dialog', async () => {
    const ann = childAccount();
    const { api, user } = setUp(['Admin'], {
      'GET /api/User/child-accounts': pagedReply([ann]),
      'GET /api/LicensePool': pagedReply([pool()]),
      'GET /api/LicenseAllocation/available-summary': availableSummaryReply([availableItem()]),
      'POST /api/LicenseAllocation/allocate': ok(allocationResult({ id: POOL_ID, name: 'Sales', isUser: false }, 1)),
    });
    await user.click(await screen.findByRole('button', { name: 'Assign Licenses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Licenses' });
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await user.click(await screen.findByRole('option', { name: /Mailbox Migration/ }));

    // No target yet: the form says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Assign Licenses' }));
    expect(await within(dialog).findByText('Target ID is required')).toBeInTheDocument();
    expect(api.calls('POST /api/LicenseAllocation/allocate')).toHaveLength(0);

    expect(within(dialog).getByRole('radio', { name: 'User' })).toBeChecked();
    await waitFor(() => expect(within(dialog).getByLabelText('Target user')).toBeEnabled());
    await user.click(within(dialog).getByLabelText('Target user'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([`${ann.name} (${ann.email})`]);
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('radio', { name: 'Pool' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Target pool')).toBeEnabled());
    await user.click(within(dialog).getByLabelText('Target pool'));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    expect(queryOf(api.calls('GET /api/LicensePool')[0])).toEqual({
      poolType: 'Pool',
      pageNumber: '1',
      pageSize: '2000',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Assign Licenses' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodiesOf('POST /api/LicenseAllocation/allocate')).toEqual([
      {
        targetId: POOL_ID,
        isUser: false,
        productAllocations: [{ groupKey: 'MBX|Standard|Fixed|365|NodeLocked', productCode: 'MBX', quantity: 1 }],
      },
    ]);
    // The allocations list shows the new stock.
    await waitFor(() => expect(api.calls('GET /api/LicenseAllocation/user-summary')).toHaveLength(2));
  });
});
