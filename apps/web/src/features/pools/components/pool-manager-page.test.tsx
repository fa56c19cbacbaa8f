import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { POOL_ID, childAccount, pagedReply, queryOf } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

const ANN = { id: '11111111-1111-4111-8111-111111111111', name: 'Ann Lee', email: 'ann@contoso.example' };
const BO = { id: '22222222-2222-4222-8222-222222222222', name: 'Bo Chen', email: 'bo@contoso.example' };
const CY = { id: '33333333-3333-4333-8333-333333333333', name: 'Cy Park', email: 'cy@contoso.example' };
const OTHER_POOL_ID = '44444444-4444-4444-8444-444444444444';
const USERS_PATH = `GET /api/LicensePool/${POOL_ID}/users`;
const EDIT_URL = `/pool/edit/${POOL_ID}?poolName=Sales`;

function setUp(roles: Parameters<typeof userWith>[0] = ['Admin'], refused: { userId: string; reason: string }[] = []) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    [USERS_PATH]: ok([ANN]),
    'GET /api/User/child-accounts': pagedReply([
      childAccount({ ...ANN, poolId: POOL_ID, poolName: 'Sales' }),
      childAccount(BO),
      childAccount({ ...CY, poolId: OTHER_POOL_ID, poolName: 'Engineering' }),
    ]),
    'POST /api/LicensePool/manage-accounts': ok(
      { added: [BO.id], removed: [ANN.id], refused, moved: [] },
      { message: '1 added, 1 removed.' },
    ),
  });
  const view = renderApp(EDIT_URL);
  return { api, user: userEvent.setup(), ...view };
}

describe('User Pool Manager (/pool/edit/:poolId)', () => {
  it('shows members to remove and the other accounts to add, with counts and a summary', async () => {
    const { api } = setUp();
    expect(await screen.findByRole('heading', { name: 'User Pool Manager - Sales', level: 1 })).toBeInTheDocument();
    const remove = screen.getByRole('table', { name: 'Users in Pool to remove' });
    const add = screen.getByRole('table', { name: 'Available Users to add' });
    expect(await within(remove).findByText('Ann Lee')).toBeInTheDocument();
    expect(await within(add).findByText('Bo Chen')).toBeInTheDocument();
    expect(within(add).getByText('Cy Park')).toBeInTheDocument();
    expect(within(add).queryByText('Ann Lee')).not.toBeInTheDocument();
    expect(screen.getByText('0 users to add, 0 users to remove')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Pool' })).toBeDisabled();
    expect(queryOf(api.calls('GET /api/User/child-accounts')[0])).toEqual({
      pageNumber: '1',
      pageSize: '2500',
      eligibleForPoolId: POOL_ID,
    });
  });

  it('counts the selection, selects all, and sends one update with partial assignment allowed', async () => {
    const { api, user } = setUp();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all users to add' }));
    expect(screen.getByText('2 of 2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Park (cy@contoso.example) to add' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Lee (ann@contoso.example) to remove' }));
    expect(screen.getByText('1 users to add, 1 users to remove')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all users to add' })).toHaveAttribute(
      'data-state',
      'indeterminate',
    );

    await user.click(screen.getByRole('button', { name: 'Update Pool' }));
    await waitFor(() => expect(screen.getByText('0 users to add, 0 users to remove')).toBeInTheDocument());
    expect(await api.bodiesOf('POST /api/LicensePool/manage-accounts')).toEqual([
      { poolId: POOL_ID, addUserIds: [BO.id], removeUserIds: [ANN.id], allowPartialAssignment: true },
    ]);
    expect(await screen.findByText('1 added, 1 removed.')).toBeInTheDocument();
    // Both tables are asked again.
    expect(api.calls(USERS_PATH)).toHaveLength(2);
    expect(api.calls('GET /api/User/child-accounts')).toHaveLength(2);
  });

  it('says that an account in another pool will be moved out of it', async () => {
    const { user } = setUp();
    const add = await screen.findByRole('table', { name: 'Available Users to add' });
    expect(await within(add).findByText('Currently in pool Engineering, will be moved')).toBeInTheDocument();
    expect(within(add).getAllByText(/will be moved/)).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Park (cy@contoso.example) to add' }));
    expect(screen.getByText('Cy Park: Currently in pool Engineering, will be moved')).toBeInTheDocument();
  });

  it('lists refused accounts with their reasons', async () => {
    const { user } = setUp(['Admin'], [{ userId: CY.id, reason: 'Only direct children of the pool owner can join.' }]);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cy Park (cy@contoso.example) to add' }));
    await user.click(screen.getByRole('button', { name: 'Update Pool' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cy Park (cy@contoso.example): Only direct children of the pool owner can join.');
  });

  it('sends an Auditor back to `/`', async () => {
    const { router } = setUp(['Auditor']);
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/pool\/edit/));
  });
});

describe('User in Pool (/pool/users/:poolId)', () => {
  it('lists the members read-only, or says none', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])), [USERS_PATH]: ok([]) });
    renderApp(`/pool/users/${POOL_ID}?poolName=Sales`);
    expect(await screen.findByRole('heading', { name: 'User in Pool Sales', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
