import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { failure, loginOk, signedInOk, twoFactorLogin } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { userWith } from '@/test/users';
import { LeanLogin } from './login-entry';

/** The login page as a signed-out visit to `/` loads it: no router, no TanStack Query up front. */
function renderLean() {
  const goTo = vi.fn<(to: string) => void>();
  render(<LeanLogin goTo={goTo} />);
  return { goTo, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'dana@contoso.example');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('lean login entry', () => {
  it('loads the roles, then opens the landing page with a page load', async () => {
    mockApi({ 'POST /api/User/login': loginOk(), 'GET /api/User/me': ok(userWith(['Admin'])) });
    const { goTo, user } = renderLean();
    await signIn(user);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/intro'));
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('true');
  });

  it('sends a SuperAdmin to the license usage report', async () => {
    mockApi({ 'POST /api/User/login': loginOk(), 'GET /api/User/me': ok(userWith(['SuperAdmin'])) });
    const { goTo, user } = renderLean();
    await signIn(user);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/license-usage-report'));
  });

  it('shows a refusal in a toast mounted on demand', async () => {
    mockApi({ 'POST /api/User/login': failure(400, 'Invalid email or password.') });
    const { goTo, user } = renderLean();
    await signIn(user);
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  it('checks the fields before calling the server', async () => {
    const api = mockApi({});
    const { user } = renderLean();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Please enter your password')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('leaves for the forgotten-password page through a page load', async () => {
    mockApi({});
    const { goTo, user } = renderLean();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(goTo).toHaveBeenCalledWith('/forgot-password');
  });

  it('runs the two-factor dialog, loaded on demand, and lands on /dashboard', async () => {
    mockApi({
      'POST /api/User/login': twoFactorLogin,
      'POST /api/User/validate-2fa': signedInOk('full-token'),
      'GET /api/User/me': ok(userWith(['User'])),
    });
    const { goTo, user } = renderLean();
    await signIn(user);
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor Authentication' });
    await user.type(within(dialog).getByLabelText('Verification code'), 'ABC1234');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/dashboard'));
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('full-token');
  });
});
