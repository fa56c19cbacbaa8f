import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { emptyDashboard } from '@/test/stock';
import { signIn, userWith } from '@/test/users';

/** A phone-sized window: the sidebar is a drawer behind the header's menu toggle. */
function phoneWindow() {
  const matchMedia = window.matchMedia.bind(window);
  vi.stubGlobal('matchMedia', (query: string) => ({ ...matchMedia(query), matches: true }));
}

describe('the phone’s navigation drawer', () => {
  beforeEach(phoneWindow);
  afterEach(() => vi.unstubAllGlobals());

  it('returns focus to its toggle when closed with Escape, and after following a link', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])), ...emptyDashboard });
    const user = userEvent.setup();
    renderApp('/intro');
    const toggle = await screen.findByRole('button', { name: 'Open navigation menu' });

    await user.click(toggle);
    let drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open navigation menu' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    drawer = await screen.findByRole('dialog', { name: 'Navigation menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open navigation menu' })).toHaveFocus());
  });
});
