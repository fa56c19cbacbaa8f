import type { ChildAccount } from '@portal/contracts/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { POOL_ID, childAccount, done, pagedReply, pool } from '@/test/accounts';
import { json, mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

const REQUIREMENTS = {
  minLength: 12,
  maxLength: 128,
  requireUppercase: false,
  requireLowercase: false,
  requireDigit: true,
  requireSpecialChar: false,
};

/** A reply held until the test releases it, to see the pending state. */
function held(body: unknown) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reply: async () => (await gate, json(200, body)), release: () => release() };
}

async function openEditUser(extra: Parameters<typeof mockApi>[0] = {}, row: Partial<ChildAccount> = {}) {
  signIn();
  const state = { row: childAccount(row) };
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/User/child-accounts': (request) => pagedReply([state.row])(request),
    'GET /api/LicensePool': pagedReply([pool()]),
    'GET /api/User/password-requirements': ok({ requirements: REQUIREMENTS }),
    ...extra,
  });
  renderApp('/child-accounts');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  return { api, user, dialog, state };
}

describe('Edit User dialog', () => {
  it('has the five tabs of the spec', async () => {
    const { dialog } = await openEditUser();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Assign Pool', 'Change Role', 'Reset Password', 'Change Status', 'Transfer Account']);
  });

  it('Assign Pool: updates only a changed choice, reading Updating... while saving', async () => {
    const save = held({ success: true, data: null, message: 'Moved to pool Sales.' });
    const { api, user, dialog, state } = await openEditUser({ 'POST /api/User/update-pool': save.reply });
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await user.click(within(dialog).getByLabelText('Pool'));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    expect(update).toBeEnabled();
    await user.click(within(dialog).getByLabelText('Pool'));
    await user.click(await screen.findByRole('option', { name: '[Individual]' }));
    expect(update).toBeDisabled();

    await user.click(within(dialog).getByLabelText('Pool'));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.click(update);
    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    state.row = { ...state.row, poolId: POOL_ID, poolName: 'Sales' };
    save.release();

    expect(await within(dialog).findByText('Sales', { selector: 'span.font-medium' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(await api.bodiesOf('POST /api/User/update-pool')).toEqual([
      { userId: state.row.id, licensePoolId: POOL_ID },
    ]);
  });

  it('Change Role: chips can be removed and added, never leaving none', async () => {
    const { api, user, dialog } = await openEditUser({ 'POST /api/User/update-roles': done('Roles updated.') });
    await user.click(within(dialog).getByRole('tab', { name: 'Change Role' }));
    const submit = within(dialog).getByRole('button', { name: 'Update Roles' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove User' }));
    expect(await within(dialog).findByText('Choose at least one role.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Select roles' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Auditor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Choose at least one role.')).not.toBeInTheDocument();
    await user.click(submit);

    await waitFor(() => expect(api.calls('POST /api/User/update-roles')).toHaveLength(1));
    expect(await api.bodiesOf('POST /api/User/update-roles')).toEqual([
      { userId: childAccount().id, roles: ['Admin', 'Auditor'] },
    ]);
  });

  it('Reset Password: a system password by default', async () => {
    const { api, user, dialog } = await openEditUser({ 'POST /api/User/set-child-password': done('Sent.') });
    await user.click(within(dialog).getByRole('tab', { name: 'Reset Password' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(api.calls('POST /api/User/set-child-password')).toHaveLength(1));
    expect(await api.bodiesOf('POST /api/User/set-child-password')).toEqual([
      { childId: childAccount().id, generateSystemPassword: true, forcePasswordChangeOnLogin: true },
    ]);
  });

  it('Reset Password: a typed one is blocked while it breaks the policy or differs from the confirmation', async () => {
    const { api, user, dialog } = await openEditUser({
      'POST /api/User/set-child-password': done('Password updated.'),
    });
    await user.click(within(dialog).getByRole('tab', { name: 'Reset Password' }));
    await user.click(within(dialog).getByLabelText('Set a password manually'));
    const submit = within(dialog).getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('New Password'), 'short');
    const policy = await within(dialog).findByTestId('password-policy-errors');
    expect(policy).toHaveTextContent('Password must be at least 12 characters long');
    expect(policy).toHaveTextContent('Password must contain at least one digit');
    expect(submit).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('New Password'));
    await user.type(within(dialog).getByLabelText('New Password'), 'long enough pass 1');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'long enough pass 2');
    expect(within(dialog).queryByTestId('password-policy-errors')).not.toBeInTheDocument();
    expect(within(dialog).getByText("Passwords don't match")).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Confirm Password'));
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'long enough pass 1');
    expect(submit).toBeEnabled();
    const force = within(dialog).getByLabelText('Force password change on next login');
    expect(force).toBeChecked();
    expect(force).toBeDisabled();
    await user.click(submit);

    await waitFor(() => expect(api.calls('POST /api/User/set-child-password')).toHaveLength(1));
    expect(await api.bodiesOf('POST /api/User/set-child-password')).toEqual([
      {
        childId: childAccount().id,
        generateSystemPassword: false,
        forcePasswordChangeOnLogin: true,
        newPassword: 'long enough pass 1',
      },
    ]);
  });

  it('Reset Password: switching to generated clears the typed password and its errors', async () => {
    const { user, dialog } = await openEditUser();
    await user.click(within(dialog).getByRole('tab', { name: 'Reset Password' }));
    await user.click(within(dialog).getByLabelText('Set a password manually'));
    await user.type(within(dialog).getByLabelText('New Password'), 'short');
    expect(await within(dialog).findByTestId('password-policy-errors')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/Generate a system password/));
    expect(within(dialog).queryByTestId('password-policy-errors')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset Password' })).toBeEnabled();
    await user.click(within(dialog).getByLabelText('Set a password manually'));
    expect(within(dialog).getByLabelText('New Password')).toHaveValue('');
  });

  it('Change Status: says the current status and flips it', async () => {
    const { api, user, dialog, state } = await openEditUser({
      'POST /api/User/toggle-child-status': async (request) => {
        const { active } = (await request.clone().json()) as { active: boolean };
        state.row = { ...state.row, active };
        return json(200, { success: true, data: null, message: 'User deactivated.' });
      },
    });
    await user.click(within(dialog).getByRole('tab', { name: 'Change Status' }));
    expect(within(dialog).getByText('Status is currently Active')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await within(dialog).findByText('Status is currently Inactive')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(await api.bodiesOf('POST /api/User/toggle-child-status')).toEqual([
      { childId: state.row.id, active: false },
    ]);
  });

  it('Transfer Account: needs both fields, reads Transfering... while pending', async () => {
    const save = held({ success: true, data: null, message: 'Account transferred.' });
    const { api, user, dialog } = await openEditUser({ 'PUT /api/User/update-email': save.reply });
    await user.click(within(dialog).getByRole('tab', { name: 'Transfer Account' }));
    const submit = within(dialog).getByRole('button', { name: 'Transfer Account' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('New Email'), 'new@contoso.example');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('New Account Name'), 'New Owner');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await within(dialog).findByRole('button', { name: 'Transfering...' })).toBeDisabled();
    save.release();
    await waitFor(() => expect(within(dialog).getByLabelText('New Email')).toHaveValue(''));
    expect(await api.bodiesOf('PUT /api/User/update-email')).toEqual([
      { userId: childAccount().id, newEmail: 'new@contoso.example', newAccountName: 'New Owner' },
    ]);
  });

  it('Transfer Account: a taken address is said once, under New Email', async () => {
    const taken = 'An account with this email already exists.';
    const { user, dialog } = await openEditUser({
      'PUT /api/User/update-email': { status: 409, body: { success: false, message: taken } },
    });
    await user.click(within(dialog).getByRole('tab', { name: 'Transfer Account' }));
    await user.type(within(dialog).getByLabelText('New Email'), 'taken@contoso.example');
    await user.type(within(dialog).getByLabelText('New Account Name'), 'New Owner');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer Account' }));

    await waitFor(() => expect(within(dialog).getByLabelText('New Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(taken)).toHaveLength(1);
  });
});
