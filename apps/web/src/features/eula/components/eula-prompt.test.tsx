import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { failure } from '@/test/auth';
import { pagedReply } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { emptyDashboard } from '@/test/stock';
import { signIn, userWith } from '@/test/users';

const EULA = {
  version: '2026-11-01',
  title: 'End-User License Agreement',
  text: '# End-User License Agreement\n\nRead this first.\n\n1. **Licence.** Use it well,\n   and fairly.\n2. **Data.** Kept safe.',
};

/** `GET User/me` answers not-accepted until accept-eula succeeds, as the server does. */
function eulaApi(extra: Parameters<typeof mockApi>[0] = {}, roles: Parameters<typeof userWith>[0] = ['User']) {
  let accepted = false;
  return mockApi({
    'GET /api/User/me': () =>
      new Response(JSON.stringify({ success: true, data: userWith(roles, { isEULAAccepted: accepted }) })),
    'GET /api/User/eula': ok(EULA),
    'POST /api/User/accept-eula': () => {
      accepted = true;
      return new Response(JSON.stringify({ success: true, data: null }));
    },
    'POST /api/User/decline-eula': ok(null),
    'POST /api/User/logout': ok(null),
    ...extra,
  });
}

async function findPrompt() {
  return screen.findByRole('alertdialog', { name: 'End-User License Agreement' });
}

describe('EULA prompt', () => {
  it('shows the agreement, scrollable, once the user is loaded; Escape does not dismiss it', async () => {
    signIn();
    eulaApi();
    renderApp('/intro');
    const prompt = await findPrompt();
    const text = within(prompt).getByRole('region', { name: 'Agreement text' });
    expect(await within(text).findByText('Licence.')).toContainHTML('strong');
    expect(text).toHaveTextContent('Use it well, and fairly.');
    expect(text).toHaveClass('overflow-y-auto');
    expect(prompt).toHaveClass('sm:max-w-[425px]');
    expect(screen.queryByRole('heading', { name: "Let's Get Started with Your License" })).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('accepts the version shown, refreshes the user and goes to /intro', async () => {
    signIn();
    // Once accepted, the dashboard behind the prompt may load before the move to /intro.
    const api = eulaApi(emptyDashboard);
    const { router } = renderApp('/dashboard');
    const prompt = await findPrompt();
    await userEvent.click(await within(prompt).findByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { name: "Let's Get Started with Your License" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/intro');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/User/accept-eula')).toEqual([{ version: '2026-11-01' }]);
    expect(api.calls('GET /api/User/me')).toHaveLength(2);
  });

  it('lands a SuperAdmin on its first sidebar link, the usage report: the dashboard is not in its sidebar', async () => {
    signIn();
    const api = eulaApi(
      { 'GET /api/LicenseUsageReport': pagedReply([]), 'GET /api/License/products': ok([]), ...emptyDashboard },
      ['SuperAdmin'],
    );
    const { router } = renderApp('/dashboard');
    const prompt = await findPrompt();
    await userEvent.click(await within(prompt).findByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/license-usage-report'));
    expect(await screen.findByRole('heading', { name: 'License Usage Report', level: 1 })).toBeInTheDocument();
    expect(api.calls('POST /api/User/accept-eula')).toHaveLength(1);
  });

  it('only logs a failed acceptance', async () => {
    signIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    eulaApi({ 'POST /api/User/accept-eula': failure(409, 'A newer version of the agreement is in force.') });
    renderApp('/intro');
    const prompt = await findPrompt();
    await userEvent.click(await within(prompt).findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByText('A newer version of the agreement is in force.')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('records a refusal, then denies access with nothing but Logout', async () => {
    signIn();
    const api = eulaApi();
    const { router } = renderApp('/intro');
    const prompt = await findPrompt();
    await userEvent.click(within(prompt).getByRole('button', { name: "Don't Accept" }));

    const denied = await screen.findByRole('alertdialog', { name: 'Access Denied' });
    expect(denied).toHaveTextContent("You cannot access this website because you haven't accepted the EULA agreement.");
    expect(
      within(denied)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Logout']);
    expect(document.querySelector('[data-slot="alert-dialog-overlay"]')).toHaveClass('backdrop-blur-md');
    expect(api.calls('POST /api/User/decline-eula')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Access Denied' })).toBeInTheDocument();

    await userEvent.click(within(denied).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(api.calls('POST /api/User/logout')).toHaveLength(1);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });
});
