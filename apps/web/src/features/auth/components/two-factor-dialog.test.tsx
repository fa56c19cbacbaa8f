import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { appLogin, failure, PENDING_2FA_TOKEN, signedInOk, twoFactorLogin } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { emptyDashboard } from '@/test/stock';
import { userWith } from '@/test/users';

async function openTwoFactorDialog() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'secure@contoso.example');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Two-factor Authentication' });
  return { user, dialog, code: within(dialog).getByLabelText('Verification code') };
}

describe('two-factor sign-in', () => {
  it('offers a 7-character code with Verify disabled until it is complete, shown in capitals', async () => {
    mockApi({ 'POST /api/User/login': twoFactorLogin });
    renderApp('/');
    const { user, dialog, code } = await openTwoFactorDialog();
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    expect(within(dialog).getByText(/Haven't received it\?/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Resend a new code.' })).toBeInTheDocument();
    expect(within(dialog).getByRole('separator')).toBeInTheDocument();
    expect(verify).toBeDisabled();

    // A phone offers letters too (the code holds them), and fills it from the mail.
    expect(code).toHaveAttribute('inputmode', 'text');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('autocapitalize', 'characters');
    expect(code).toHaveAttribute('autocorrect', 'off');
    expect(code).toHaveAttribute('spellcheck', 'false');

    await user.type(code, 'ab1-cd2');
    expect(code).toHaveValue('AB1CD2');
    expect(verify).toBeDisabled();
    await user.type(code, 'e');
    expect(code).toHaveValue('AB1CD2E');
    expect(verify).toBeEnabled();
  });

  it("says 'Please enter your OTP code.' when an empty code is submitted", async () => {
    const api = mockApi({ 'POST /api/User/login': twoFactorLogin });
    renderApp('/');
    const { user, dialog, code } = await openTwoFactorDialog();
    code.focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Please enter your OTP code.')).toBeInTheDocument();
    expect(api.calls('POST /api/User/validate-2fa')).toHaveLength(0);
  });

  it('completes the sign-in with the pending token and lands on /dashboard', async () => {
    const api = mockApi({
      'POST /api/User/login': twoFactorLogin,
      'POST /api/User/validate-2fa': signedInOk('full-token'),
      'GET /api/User/me': ok(userWith(['User'])),
      ...emptyDashboard,
    });
    const { router } = renderApp('/');
    const { user, dialog, code } = await openTwoFactorDialog();
    await user.type(code, 'abc1234');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await api.bodiesOf('POST /api/User/validate-2fa')).toEqual([
      { token: PENDING_2FA_TOKEN, twoFactorCode: 'ABC1234' },
    ]);
    expect(api.calls('POST /api/User/validate-2fa')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${PENDING_2FA_TOKEN}`,
    );
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('full-token');
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('true');
    expect(api.calls('GET /api/User/me')[0]?.headers.get('Authorization')).toBe('Bearer full-token');
  });

  it('asks an account with an authenticator app for its 6 digits, or a recovery code in its place', async () => {
    const api = mockApi({
      'POST /api/User/login': appLogin,
      'POST /api/User/validate-2fa': signedInOk('full-token'),
      'GET /api/User/me': ok(userWith(['User'])),
      ...emptyDashboard,
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'app@contoso.example');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor Authentication' });
    expect(within(dialog).getByText('Enter the 6-digit code your authenticator app shows.')).toBeInTheDocument();
    // No emailed code: no resend, and no switch to one.
    expect(within(dialog).queryByText(/Haven't received it\?/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Use the code sent to your email' })).not.toBeInTheDocument();
    const code = within(dialog).getByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12a345');
    expect(code).toHaveValue('12345');
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code' }));
    expect(within(dialog).getByText('Enter one of your recovery codes. Each one works once.')).toBeInTheDocument();
    const recovery = within(dialog).getByLabelText('Recovery code');
    await user.type(recovery, 'abcd-efgh-jkmn-pq23');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await api.bodiesOf('POST /api/User/validate-2fa')).toEqual([
      { token: PENDING_2FA_TOKEN, twoFactorCode: 'ABCD-EFGH-JKMN-PQ23', method: 'recovery' },
    ]);
  });

  it('puts a wrong code on the field and keeps the dialog open', async () => {
    mockApi({
      'POST /api/User/login': twoFactorLogin,
      'POST /api/User/validate-2fa': failure(400, 'The code is not correct.', [
        { field: 'twoFactorCode', message: 'The code is not correct.' },
      ]),
    });
    renderApp('/');
    const { user, dialog, code } = await openTwoFactorDialog();
    await user.type(code, 'ZZZ9999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('The code is not correct.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('The code is not correct.')).toHaveLength(1);
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('false');
  });

  it('closes the dialog and returns to the form after too many wrong codes', async () => {
    mockApi({
      'POST /api/User/login': twoFactorLogin,
      'POST /api/User/validate-2fa': failure(401, 'Too many wrong codes. Please sign in again.'),
    });
    const { router } = renderApp('/');
    const { user, dialog, code } = await openTwoFactorDialog();
    await user.type(code, 'ZZZ9999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A toast: the outlet loads with the first one.
    expect(await screen.findByText('Too many wrong codes. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it("resends the code, shows the server's message and waits before another resend", async () => {
    const api = mockApi({
      'POST /api/User/login': twoFactorLogin,
      'POST /api/User/resend-2fa': {
        body: { success: true, message: 'A new code has been sent to your email.', data: null },
      },
    });
    renderApp('/');
    const { user, dialog } = await openTwoFactorDialog();
    const resend = within(dialog).getByRole('button', { name: 'Resend a new code.' });
    await user.click(resend);

    expect(await screen.findByText('A new code has been sent to your email.')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    expect(api.calls('POST /api/User/resend-2fa')[0]?.headers.get('Authorization')).toBe(`Bearer ${PENDING_2FA_TOKEN}`);
  });

  it('drops the pending sign-in when the dialog is closed', async () => {
    mockApi({ 'POST /api/User/login': twoFactorLogin });
    renderApp('/');
    const { user } = await openTwoFactorDialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });
});
