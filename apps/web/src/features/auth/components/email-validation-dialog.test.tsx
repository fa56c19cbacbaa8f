import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '@/lib/storage-keys';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('landing from the email-validation link', () => {
  it('thanks the visitor on /?p=confirm until Close is pressed once', async () => {
    mockApi({});
    renderApp('/?p=confirm');
    const dialog = await screen.findByRole('dialog', { name: 'Email Validation Done' });
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

  it('says when the link was invalid or expired', async () => {
    mockApi({});
    renderApp('/?p=confirm-invalid');
    const dialog = await screen.findByRole('dialog', { name: 'Email Validation Failed' });
    expect(dialog).toHaveTextContent('invalid or has expired');
  });
});
