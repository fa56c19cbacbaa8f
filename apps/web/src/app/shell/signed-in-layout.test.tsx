import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS, SESSION_KEYS } from '@/lib/storage-keys';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { emptyDashboard } from '@/test/stock';
import { signIn, userWith } from '@/test/users';

const expired = { status: 401, body: { success: false, message: 'Your session has expired.' } };

describe('signed-in area', () => {
  it('sends a visitor without a session to the login screen', async () => {
    const api = mockApi({});
    const { router } = renderApp('/intro');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.requests).toHaveLength(0);
  });

  it('shows a spinner until the roles are known, then the shell with the user', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])) });
    renderApp('/intro');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByText('Dana Reyes')).toBeInTheDocument();
    expect(within(sidebar).getByText('dana@contoso.example')).toBeInTheDocument();
    expect(screen.getByText('MigrateHub License Portal')).toBeInTheDocument();
    expect(screen.getByText('25 years of excellence in mailbox migration')).toBeInTheDocument();
  });

  it('shows an unknown path as the 404 page inside the shell', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])) });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found!' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]).toBeInTheDocument();
  });

  it('redirects a role that may not open a page to `/`', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])) });
    const { router } = renderApp('/licenses');
    // `/` passes a signed-in user on to its landing page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/intro'));
  });

  it('ends the session on a 401 and returns to the login screen with an error toast', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': expired });
    const { router } = renderApp('/intro');

    expect(await screen.findByText('Your session has expired.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
  });

  it('logs out from the user menu', async () => {
    signIn('tok-9');
    const api = mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])), 'POST /api/User/logout': ok(null) });
    const { router } = renderApp('/intro');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /open user menu/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(/Last Login/)).toHaveTextContent(/\d{2}\/\d{2}\/2025 \d{2}:\d{2}:07/);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    // The login page's code may arrive after the notice: the location changes with the page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /api/User/logout')[0]?.headers.get('Authorization')).toBe('Bearer tok-9');
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('collapses the sidebar to icons and remembers it', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])) });
    renderApp('/intro');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(LOCAL_KEYS.collapsedSidebar)).toBe('true');
  });
});

describe('/intro', () => {
  it('continues to the dashboard once and remembers it', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])), ...emptyDashboard });
    const { router } = renderApp('/intro');

    expect(await screen.findByText(/You have successfully registered/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(LOCAL_KEYS.introSeen)).not.toBeNull();
  });

  it('goes straight to the dashboard when already seen', async () => {
    signIn();
    localStorage.setItem(LOCAL_KEYS.introSeen, 'true');
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])), ...emptyDashboard });
    const { router } = renderApp('/intro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
