import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { loginOk } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Login' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(submit);
}

describe('login screen', () => {
  it('shows the spec texts and a link to the forgotten-password page', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('To continue with the product portal')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for both fields when submitted empty, without calling the API', async () => {
    const api = mockApi({});
    renderApp('/');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('rejects an address that is not an email', async () => {
    const api = mockApi({});
    renderApp('/');
    await fillAndSubmit('nope', 'secret');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your password')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('signs in with the typed values, stores the session and lands on /intro', async () => {
    const api = mockApi({ 'POST /api/User/login': loginOk(), 'GET /api/User/me': ok(userWith(['Admin'])) });
    const { router } = renderApp('/');

    await fillAndSubmit('dana@contoso.example', 'correct horse');

    expect(await screen.findByRole('heading', { name: "Let's Get Started with Your License" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/intro');
    expect(await api.bodiesOf('POST /api/User/login')).toEqual([
      { email: 'dana@contoso.example', password: 'correct horse' },
    ]);
    expect(api.calls('GET /api/User/me')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-1');
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('true');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.user) ?? '{}')).toMatchObject({
      email: 'dana@contoso.example',
    });
  });

  it('uses the two-factor token as the session token when the server sends one', async () => {
    const api = mockApi({
      'POST /api/User/login': loginOk({ twoFactorToken: 'tok-2fa' }),
      'GET /api/User/me': ok(userWith(['User'])),
    });
    const { router } = renderApp('/');
    await fillAndSubmit('dana@contoso.example', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/intro'));
    expect(api.calls('GET /api/User/me')[0]?.headers.get('Authorization')).toBe('Bearer tok-2fa');
  });

  it('sends a SuperAdmin to the license usage report', async () => {
    mockApi({
      'POST /api/User/login': loginOk(),
      'GET /api/User/me': ok(userWith(['SuperAdmin'])),
      // The landing page loads its report (answered empty: this test is about the redirect).
      'GET /api/License/products': ok([]),
      'GET /api/LicenseUsageReport': ok([], {
        pageInfo: { pageNumber: 1, pageSize: 25, totalCount: 0, totalPages: 0 },
      }),
    });
    const { router } = renderApp('/');
    await fillAndSubmit('root@provider.example', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/license-usage-report'));
  });

  it('returns to the page the visitor was bounced from', async () => {
    mockApi({ 'POST /api/User/login': loginOk(), 'GET /api/User/me': ok(userWith(['User'])) });
    const { router } = renderApp('/intro?welcome=1');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    await fillAndSubmit('dana@contoso.example', 'correct horse');
    await waitFor(() => expect(router.state.location.search).toBe('?welcome=1'));
    expect(router.state.location.pathname).toBe('/intro');
  });

  it('stays on the form with a pending token when a second factor is required', async () => {
    const api = mockApi({ 'POST /api/User/login': loginOk({ twoFactorToken: 'tok-2fa', requireTwoFactor: true }) });
    const { router } = renderApp('/');
    await fillAndSubmit('dana@contoso.example', 'correct horse');
    await waitFor(() => expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-2fa'));
    expect(sessionStorage.getItem(SESSION_KEYS.isLoggedIn)).toBe('false');
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('GET /api/User/me')).toHaveLength(0);
  });

  it('shows the server refusal in an error toast and lets the user try again', async () => {
    mockApi({
      'POST /api/User/login': { status: 400, body: { success: false, message: 'Invalid email or password.' } },
    });
    renderApp('/');
    await fillAndSubmit('dana@contoso.example', 'wrong');
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('puts server field errors next to their fields', async () => {
    const errors = [{ field: 'body.email', message: 'This address cannot sign in here' }];
    mockApi({ 'POST /api/User/login': { status: 400, body: { success: false, message: 'Invalid input.', errors } } });
    renderApp('/');
    await fillAndSubmit('dana@contoso.example', 'pw');
    expect(await screen.findByText('This address cannot sign in here')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('skips the form when the tab is already signed in', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])) });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/intro'));
  });

  it('offers the form again when the stored session has expired', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': { status: 401, body: { success: false, message: 'Your session has expired.' } } });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Your session has expired.')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });
});
