import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { POOL_ID, pagedReply, pool, queryOf } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { headerTexts } from '@/test/table';
import { POOL_ROW_MENU } from '@/test/stock';

function setUp(roles: Parameters<typeof userWith>[0], extra: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/LicensePool': pagedReply([pool()]),
    ...extra,
  });
  const view = renderApp('/license-pools');
  return { api, user: userEvent.setup(), ...view };
}

describe('License Pools screen (/license-pools)', () => {
  it('lists the shared pools, 50 per page by default', async () => {
    const { api } = setUp(['Admin']);
    expect(await screen.findByRole('heading', { name: 'Shared License Pools', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Shared License Pools' });
    const row = (await within(table).findByText('Sales')).closest('tr')!;
    expect(within(row).getByText('The sales team')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('15/01/2025')).toBeInTheDocument();
    // The first column ticks pools for a bulk Allocate or Revoke (its header is a checkbox).
    expect(headerTexts(table)).toEqual(['', 'Name', 'Description', 'Users', 'Created At', 'Allocations', 'Actions']);
    expect(queryOf(api.calls('GET /api/LicensePool')[0])).toEqual({
      poolType: 'Pool',
      pageNumber: '1',
      pageSize: '50',
    });
  });

  it('offers the row menu with Allocate, Revoke, View Pool Users and Edit Pool to an Admin', async () => {
    const { user } = setUp(['Admin']);
    await user.click(await screen.findByRole('button', { name: 'Actions for Sales' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(POOL_ROW_MENU);
    expect(items[2]).toHaveAttribute('href', `/pool/users/${POOL_ID}?poolName=Sales`);
    expect(items[3]).toHaveAttribute('href', `/pool/edit/${POOL_ID}?poolName=Sales`);
  });

  it('shows an Auditor a dash instead of the menu, and no Create button', async () => {
    setUp(['Auditor']);
    const row = (await screen.findByText('Sales')).closest('tr')!;
    expect(within(row).getByText('-')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Pool' })).not.toBeInTheDocument();
  });

  it('opens the Allocations dialog, empty until licenses are allocated', async () => {
    const { user } = setUp(['Auditor']);
    await user.click(await screen.findByRole('button', { name: 'View allocations of Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocations' });
    expect(within(dialog).getByText('No allocation found for this pool.')).toBeInTheDocument();
  });

  it('lists a pool’s license groups in the Allocations dialog', async () => {
    const license = {
      groupKey: 'g1',
      productCode: 'MIG-PRO',
      productName: 'Migrator Pro',
      edition: 'Enterprise',
      durationType: 'Perpetual' as const,
      usageType: 'Transactional' as const,
      duration: null,
      totalCount: 10,
      availableCount: 7,
      consumedCount: 2,
      inTransitCount: 1,
    };
    const { user } = setUp(['Admin'], { 'GET /api/LicensePool': pagedReply([pool({ groupedLicenses: [license] })]) });
    await user.click(await screen.findByRole('button', { name: 'View allocations of Sales' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocations' });
    const row = within(dialog).getByText('Migrator Pro').closest('tr')!;
    expect(within(row).getByText('Pay-Per-Use')).toBeInTheDocument();
    expect(within(row).getByText('-')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();
  });

  it('creates a pool: name and description required, a taken name under Name', async () => {
    const { api, user } = setUp(['Admin'], {
      'POST /api/LicensePool': {
        status: 409,
        body: { success: false, message: 'A pool with this name already exists.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Pool' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(api.calls('POST /api/LicensePool')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Sales');
    await user.type(within(dialog).getByLabelText('Description'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A pool with this name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('A pool with this name already exists.')).toHaveLength(1);
    expect(new URL(api.calls('POST /api/LicensePool')[0]!.url).search).toBe('?poolType=Pool');
    expect(await api.bodiesOf('POST /api/LicensePool')).toEqual([{ name: 'Sales', description: 'Again' }]);
  });

  it('closes the Create dialog and refreshes the list after a success', async () => {
    const { api, user } = setUp(['Admin'], {
      'POST /api/LicensePool': ok({ id: POOL_ID, name: 'Support' }, { message: 'Pool Support created.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Pool' });
    await user.type(within(dialog).getByLabelText('Name'), 'Support');
    await user.type(within(dialog).getByLabelText('Description'), 'Second line');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Pool Support created.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/LicensePool')).toHaveLength(2));
  });
});

describe('License Pools screen: focus after a dialog', () => {
  it('returns focus to Create Pool and to a row’s View button when their dialogs close', async () => {
    const { user } = setUp(['Admin'], { 'GET /api/LicenseAllocation/pool-summary': ok([]) });
    const create = await screen.findByRole('button', { name: /Create Pool/ });
    await user.click(create);
    await screen.findByRole('dialog', { name: 'Create Pool' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveFocus();

    const view = await screen.findByRole('button', { name: 'View allocations of Sales' });
    await user.click(view);
    await screen.findByRole('dialog', { name: 'Allocations' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view).toHaveFocus();
  });
});

describe('Create Pool dialog', () => {
  it('starts empty each time it opens', async () => {
    const { user } = setUp(['Admin']);
    await user.click(await screen.findByRole('button', { name: 'Create Pool' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Pool' });
    await user.type(within(dialog).getByLabelText('Name'), 'Half typed');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create Pool' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Pool' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(within(dialog).queryByText('Description is required')).not.toBeInTheDocument();
  });
});

describe('Create Pool dialog: limits as one types', () => {
  it('counts name and description towards their limits, and says the count politely once typing pauses', async () => {
    const { user } = setUp(['Admin']);
    await user.click(await screen.findByRole('button', { name: 'Create Pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Pool' });
    const name = within(dialog).getByLabelText('Name');
    const description = within(dialog).getByLabelText('Description');
    expect(within(dialog).getByText('0/100')).toBeInTheDocument();
    expect(within(dialog).getByText('0/500')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('100 characters at most.');
    expect(description).toHaveAccessibleDescription('500 characters at most.');

    await user.type(name, 'Sales Europe');
    expect(within(dialog).getByText('12/100')).toBeInTheDocument();
    // Far from the limit, nothing is announced: the count does not talk over typing.
    const [nameStatus] = within(dialog).getAllByRole('status');
    expect(nameStatus).toHaveAttribute('aria-live', 'polite');
    expect(nameStatus).toHaveTextContent('');

    await user.type(name, 'x'.repeat(83));
    expect(within(dialog).getByText('95/100')).toBeInTheDocument();
    expect(nameStatus).toHaveTextContent('');
    await waitFor(() => expect(nameStatus).toHaveTextContent('5 characters left'));

    await user.click(description);
    await user.paste('d'.repeat(501));
    expect(within(dialog).getByText('501/500')).toHaveClass('text-destructive');
    await waitFor(() =>
      expect(within(dialog).getAllByRole('status')[1]).toHaveTextContent('1 character over the limit of 500'),
    );
  });

  it('scrolls inside the window rather than growing past it', async () => {
    const { user } = setUp(['Admin']);
    await user.click(await screen.findByRole('button', { name: 'Create Pool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Pool' });
    expect(dialog).toHaveClass('max-h-[calc(100dvh-2rem)]', 'overflow-y-auto');
    expect(within(dialog).getByLabelText('Description')).toHaveClass('max-h-[40dvh]');
  });
});
