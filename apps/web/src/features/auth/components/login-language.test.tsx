import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from '@/app/login-entry';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';

/** A browser whose languages are German first (navigator.languages), as a de-DE visitor's. */
function germanBrowser() {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de', 'en']);
}

afterEach(() => {
  vi.restoreAllMocks();
  i18n.activate('en');
  document.documentElement.lang = 'en';
});

describe('the pages before sign-in in the browser’s language (decision 052)', () => {
  it('renders the lean login page in German from its first render, its field errors too', async () => {
    germanBrowser();
    const root = document.createElement('div');
    document.body.append(root);
    const html = document.documentElement;
    html.lang = 'en';
    await act(() => mount(root));
    // German before anything shows: the catalogue arrives before the page first renders.
    expect(root.querySelector('h1')?.textContent).toBe('Anmelden');
    expect(html.lang).toBe('de');
    expect(screen.getByText('Um mit dem Produktportal fortzufahren')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Mit SSO anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mit einem Passkey anmelden' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('E-Mail'), 'nope');
    expect(await screen.findByText('Ungültige E-Mail-Adresse')).toBeInTheDocument();
    root.remove();
  });

  it('stays English for a browser that asks for no language of the portal', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'pt']);
    const root = document.createElement('div');
    document.body.append(root);
    await act(() => mount(root));
    expect(root.querySelector('h1')?.textContent).toBe('Sign In');
    expect(document.documentElement.lang).toBe('en');
    root.remove();
  });

  it('shows forgot password in German in the app, with the schema’s field error in German', async () => {
    germanBrowser();
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Passwort vergessen' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link zum Zurücksetzen senden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toBeInTheDocument();
  });

  it('shows single sign-on in German', async () => {
    germanBrowser();
    renderApp('/sso');
    expect(await screen.findByRole('button', { name: 'Mit SSO fortfahren' })).toBeInTheDocument();
    expect(screen.getByLabelText('Geschäftliche E-Mail-Adresse')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  });

  it('says an incomplete reset link in German', async () => {
    germanBrowser();
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Passwort zurücksetzen' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Dieser Link zum Zurücksetzen ist unvollständig.');
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toBeInTheDocument();
  });
});
