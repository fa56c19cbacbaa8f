import type { AccountUser } from '@portal/contracts/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

/** One page as the server sends it: 10 of 23 accounts. */
const PAGE: AccountUser[] = Array.from({ length: 10 }, (_, i) => ({
  id: `acc-${i}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  email: `p${i + 1}@org${i % 2}.example`,
  active: i !== 1,
  roles: i === 0 ? ['SuperAdmin'] : i === 2 ? ['Admin', 'Auditor'] : ['User'],
  createdAt: '2025-01-01T10:00:00Z',
}));
const TOTAL = 23;

function setUp(path = '/users') {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['SuperAdmin'])),
    'GET /api/User/accounts': pagedReply(PAGE, TOTAL),
  });
  return { api, user: userEvent.setup(), ...renderApp(path) };
}

const lastQuery = (api: ReturnType<typeof mockApi>) => queryOf(api.calls('GET /api/User/accounts').at(-1));

describe('All accounts (/users, SuperAdmin)', () => {
  it('shows the page the server sends, with status and role badges, and pages on the server', async () => {
    const { api, user } = setUp();
    const table = await screen.findByRole('table', { name: 'All Accounts' });
    expect(await within(table).findByText('Person 01')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const third = within(table).getByText('Person 03').closest('tr')!;
    expect(within(third).getByText('Admin')).toBeInTheDocument();
    expect(within(third).getByText('Auditor')).toBeInTheDocument();
    expect(within(within(table).getByText('Person 02').closest('tr')!).getByText('Inactive')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ pageNumber: '1', pageSize: '10' });

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ pageNumber: '2', pageSize: '10' }));
  });

  it('sends the filter to the server and keeps it in the URL', async () => {
    const { api, user, router } = setUp('/users?page=3');
    await screen.findByText('Person 01');
    expect(lastQuery(api)).toEqual({ pageNumber: '3', pageSize: '10' });

    await user.type(screen.getByPlaceholderText('Filter accounts...'), 'auditor');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=auditor'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ pageNumber: '1', pageSize: '10', search: 'auditor' }));
  });

  it('sorts on the server by the column clicked, back to the first page', async () => {
    const { api, user } = setUp('/users?page=2');
    await screen.findByText('Person 01');
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ pageNumber: '1', pageSize: '10', sortBy: 'email', sortOrder: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sortBy: 'email', sortOrder: 'desc' }));
  });

  it('is reached from the SuperAdmin user menu', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['SuperAdmin'])), 'GET /api/User/accounts': pagedReply(PAGE, TOTAL) });
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
