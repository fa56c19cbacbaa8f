import type { AccountUser } from '@portal/contracts/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

const ACCOUNTS: AccountUser[] = Array.from({ length: 23 }, (_, i) => ({
  id: `acc-${i}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  email: `p${i + 1}@org${i % 2}.example`,
  active: i !== 1,
  roles: i === 0 ? ['SuperAdmin'] : i === 2 ? ['Admin', 'Auditor'] : ['User'],
  createdAt: '2025-01-01T10:00:00Z',
}));

function setUp(path = '/users') {
  signIn();
  const api = mockApi({ 'GET /api/User/me': ok(userWith(['SuperAdmin'])), 'GET /api/User/accounts': ok(ACCOUNTS) });
  return { api, user: userEvent.setup(), ...renderApp(path) };
}

describe('All accounts (/users, SuperAdmin)', () => {
  it('lists every account with status and role badges, 10 per page in the browser', async () => {
    const { api } = setUp();
    const table = await screen.findByRole('table', { name: 'All Accounts' });
    expect(await within(table).findByText('Person 01')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const third = within(table).getByText('Person 03').closest('tr')!;
    expect(within(third).getByText('Admin')).toBeInTheDocument();
    expect(within(third).getByText('Auditor')).toBeInTheDocument();
    expect(within(within(table).getByText('Person 02').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
    expect(api.calls('GET /api/User/accounts')).toHaveLength(1);
  });

  it('filters by name, email or role and keeps the page in the URL', async () => {
    const { user, router } = setUp('/users?page=3');
    expect(await screen.findByText('Person 21')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Filter accounts...'), 'auditor');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=auditor'));
    const table = screen.getByRole('table', { name: 'All Accounts' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Person 03')).toBeInTheDocument();
  });

  it('is reached from the SuperAdmin user menu', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['SuperAdmin'])), 'GET /api/User/accounts': ok(ACCOUNTS) });
    const { router } = renderApp('/intro');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /open user menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'All Accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('is not in the user menu of an Admin', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])) });
    renderApp('/intro');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /open user menu/i }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: 'All Accounts' })).not.toBeInTheDocument();
  });
});
