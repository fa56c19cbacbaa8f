import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { childAccount, pagedReply } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

/** docs/product.md, 'No connection': offline, a screen says so, once, and shows no stale rows. */
describe('offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('a filter change shows no rows of the previous filter and says Network Error once', async () => {
    signIn();
    let offline = false;
    const rows = pagedReply([
      childAccount(),
      childAccount({ id: '22222222-2222-4222-8222-222222222222', name: 'Bo Chen' }),
    ]);
    mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': (request) => {
        if (offline) throw new TypeError('Failed to fetch');
        return rows(request);
      },
    });
    const user = userEvent.setup();
    renderApp('/child-accounts');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Ann Lee')).toBeInTheDocument();

    offline = true;
    onlineManager.setOnline(false);
    await user.type(screen.getByPlaceholderText('Filter accounts...'), 'bo');

    expect(await within(table).findByText('Network Error: Please check your internet connection')).toBeInTheDocument();
    expect(within(table).queryByText('Ann Lee')).not.toBeInTheDocument();
    expect(within(table).queryByText('Bo Chen')).not.toBeInTheDocument();
    expect(table).not.toHaveAttribute('aria-busy');
    // One notice in the spec's words.
    await waitFor(() => expect(screen.getAllByText('Please check your internet connection')).toHaveLength(1));
    expect(screen.getAllByText('Network Error')).toHaveLength(1);
  });
});
