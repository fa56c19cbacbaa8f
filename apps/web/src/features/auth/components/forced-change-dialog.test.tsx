import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { loginOk, policyReply } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { userWith } from '@/test/users';

const forcedLogin = loginOk({ token: 'password-change-token', requirePasswordChange: true });

async function openForcedChangeDialog() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'new@contoso.example');
  await user.type(screen.getByLabelText('Password'), 'one-time-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change your password to login' });
  const submit = within(dialog).getByRole('button', { name: 'Reset Password and Login' });
  return { user, dialog, submit };
}

describe('forced password change at first login', () => {
  it('explains why, and asks for both fields', async () => {
    const api = mockApi({ 'POST /api/User/login': forcedLogin, ...policyReply });
    renderApp('/');
    const { user, dialog, submit } = await openForcedChangeDialog();
    expect(within(dialog).getByText('You are required to change your password on first login.')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('false');

    await user.click(submit);
    expect(await within(dialog).findByText('New password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirm password is required')).toBeInTheDocument();
    expect(api.calls('POST /api/User/change-password')).toHaveLength(0);
  });

  it("says 'Passwords do not match' and lists the policy rules the new password breaks, in red", async () => {
    const api = mockApi({ 'POST /api/User/login': forcedLogin, ...policyReply });
    renderApp('/');
    const { user, dialog, submit } = await openForcedChangeDialog();
    await user.type(within(dialog).getByLabelText('New Password'), 'short');
    const rule = await within(dialog).findByText('Password must be at least 12 characters long');
    expect(rule.closest('ul')).toHaveClass('text-destructive');

    await user.type(within(dialog).getByLabelText('Confirm Password'), 'different');
    await user.click(submit);
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls('POST /api/User/change-password')).toHaveLength(0);
  });

  it('changes the password with the typed one as the old, then signs in and goes to /intro', async () => {
    const api = mockApi({
      'POST /api/User/login': forcedLogin,
      ...policyReply,
      'POST /api/User/change-password': {
        body: {
          success: true,
          message: 'Your password has been changed.',
          data: { token: 'full-token', requireMfaSetup: false, mfaSetupMethods: [] },
        },
      },
      'GET /api/User/me': ok(userWith(['User'])),
    });
    const { router } = renderApp('/');
    const { user, dialog, submit } = await openForcedChangeDialog();
    await user.type(within(dialog).getByLabelText('New Password'), 'a much longer secret');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'a much longer secret');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/intro'));
    expect(await api.bodiesOf('POST /api/User/change-password')).toEqual([
      {
        oldPassword: 'one-time-password',
        newPassword: 'a much longer secret',
        confirmPassword: 'a much longer secret',
      },
    ]);
    expect(api.calls('POST /api/User/change-password')[0]?.headers.get('Authorization')).toBe(
      'Bearer password-change-token',
    );
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('full-token');
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('true');
    expect(api.calls('GET /api/User/me')[0]?.headers.get('Authorization')).toBe('Bearer full-token');
  });

  it("puts the server's policy refusal on the new password field", async () => {
    const message = 'This password is too common. Please choose a less predictable one.';
    mockApi({
      'POST /api/User/login': forcedLogin,
      ...policyReply,
      'POST /api/User/change-password': {
        status: 400,
        body: { success: false, message: 'Invalid input.', errors: [{ field: 'newPassword', message }] },
      },
    });
    renderApp('/');
    const { user, dialog, submit } = await openForcedChangeDialog();
    await user.type(within(dialog).getByLabelText('New Password'), 'password1234');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'password1234');
    await user.click(submit);
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
