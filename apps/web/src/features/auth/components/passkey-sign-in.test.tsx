import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginOk, PENDING_2FA_TOKEN, passkeyLogin, signedInOk } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { emptyDashboard } from '@/test/stock';
import { userWith } from '@/test/users';

// The browser's dialog: the test plays the authenticator's answer, or the person closing it.
const startAuthentication = vi.fn<(options: unknown) => Promise<unknown>>();
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (options: unknown) => startAuthentication(options),
}));

const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const OPTIONS = { challenge: 'abc', allowCredentials: [{ id: 'cred', type: 'public-key' }] };

function notAllowed() {
  const error = new Error('The operation either timed out or was not allowed.');
  error.name = 'NotAllowedError';
  return error;
}

beforeEach(() => startAuthentication.mockReset());

describe('passkeys at sign-in (decision 037)', () => {
  it('offers the passkey first as the second factor, and sends its answer with method passkey', async () => {
    const api = mockApi({
      'POST /api/User/login': passkeyLogin,
      'POST /api/User/passkey/challenge': ok(OPTIONS),
      'POST /api/User/validate-2fa': signedInOk('full-token'),
      'GET /api/User/me': ok(userWith(['User'])),
      ...emptyDashboard,
    });
    startAuthentication.mockRejectedValueOnce(notAllowed()).mockResolvedValueOnce(ASSERTION);
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'key@contoso.example');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor Authentication' });
    expect(
      within(dialog).getByText('Use your passkey: your device asks for your fingerprint, face, PIN or security key.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();

    // Closed the browser's dialog: told so, and the sign-in waits.
    await user.click(within(dialog).getByRole('button', { name: 'Use your passkey' }));
    expect(await within(dialog).findByText('The passkey was not used. Try again when you are ready.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: OPTIONS });
    expect(await api.bodiesOf('POST /api/User/validate-2fa')).toEqual([
      { token: PENDING_2FA_TOKEN, method: 'passkey', passkey: ASSERTION },
    ]);
  });

  it('signs in with a passkey alone from the login page', async () => {
    const api = mockApi({
      'POST /api/User/passkey/login-options': ok({ challengeId: 'c-1', options: { challenge: 'xyz' } }),
      'POST /api/User/passkey/login': loginOk({ token: 'full-token' }),
      'GET /api/User/me': ok(userWith(['User'])),
      ...emptyDashboard,
    });
    startAuthentication.mockResolvedValueOnce(ASSERTION);
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz' } });
    expect(await api.bodiesOf('POST /api/User/passkey/login')).toEqual([{ challengeId: 'c-1', response: ASSERTION }]);
  });
});
