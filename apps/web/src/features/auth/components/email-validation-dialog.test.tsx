import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '@/lib/storage-keys';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

// The dialogs are a lazy chunk: its first import can take over a second on a busy machine.
const LAZY = { timeout: 5000 };

describe('landing from the email-validation link', () => {
  it('thanks the visitor on /?p=confirm until Close is pressed once', async () => {
    mockApi({});
    renderApp('/?p=confirm');
    const dialog = await screen.findByRole('dialog', { name: 'Email Validation Done' }, LAZY);
    expect(dialog).toHaveTextContent('your email address has been validated');
    expect(dialog).toHaveTextContent('login credentials and a link to download');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(LOCAL_KEYS.thanksPopupDismissed)).toBe('true');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('does not thank again once dismissed', async () => {
    localStorage.setItem(LOCAL_KEYS.thanksPopupDismissed, 'true');
    mockApi({});
    renderApp('/?p=confirm');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the mailed link without spending it, and confirms with a POST on the button', async () => {
    const api = mockApi({
      'POST /api/User/confirm-email': {
        body: { success: true, message: 'Your email address has been validated.', data: null },
      },
    });
    renderApp('/?p=confirm-email&token=tok-123');
    const pending = await screen.findByRole('dialog', { name: 'Confirm Your Email Address' }, LAZY);
    expect(api.requests).toHaveLength(0);

    await userEvent.click(within(pending).getByRole('button', { name: 'Confirm Email' }));
    const done = await screen.findByRole('dialog', { name: 'Email Validation Done' });
    expect(done).toHaveTextContent('your email address has been validated');
    expect(await api.bodiesOf('POST /api/User/confirm-email')).toEqual([{ token: 'tok-123' }]);
    expect(window.location.search).toBe('?p=confirm');
  });

  it('says so when the server refuses the token', async () => {
    mockApi({
      'POST /api/User/confirm-email': {
        status: 400,
        body: { success: false, message: 'This validation link is invalid or has expired.' },
      },
    });
    renderApp('/?p=confirm-email&token=used');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Email' }, LAZY));
    expect(await screen.findByRole('dialog', { name: 'Email Validation Failed' })).toBeInTheDocument();
    expect(window.location.search).toBe('?p=confirm-invalid');
  });

  it('says when the link was invalid or expired', async () => {
    mockApi({});
    renderApp('/?p=confirm-invalid');
    const dialog = await screen.findByRole('dialog', { name: 'Email Validation Failed' }, LAZY);
    expect(dialog).toHaveTextContent('invalid or has expired');
  });
});
