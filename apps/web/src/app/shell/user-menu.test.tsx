import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

describe('the user menu', () => {
  it('leaves the app readable while open (axe aria-hidden-focus) and returns focus on Escape', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])) });
    const user = userEvent.setup();
    const { container } = renderApp('/intro');
    const button = await screen.findByRole('button', { name: /Open user menu/ });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    // Nothing of the app, which holds focusable links and buttons, is hidden from screen readers.
    expect(container.closest('[aria-hidden="true"]')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"] a, [aria-hidden="true"] button')).toBeNull();
    expect(document.querySelector('[data-aria-hidden="true"]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Open user menu/ })).toHaveFocus();
  });
});
