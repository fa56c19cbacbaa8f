import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@portal/contracts/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { failure, policyReply } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

describe('settings: time zone (decision 051)', () => {
  it('keeps the zone chosen on the account, and shows the times of the portal in it', async () => {
    const user = userEvent.setup();
    signIn();
    let zone: string | null = null;
    const api = mockApi({
      'GET /api/User/me': () => Response.json({ success: true, data: userWith(['Auditor'], { timeZone: zone }) }),
      'PUT /api/User/time-zone': async (request) => {
        zone = ((await request.clone().json()) as { timeZone: string | null }).timeZone;
        return Response.json({
          success: true,
          message: 'Time zone saved.',
          data: userWith(['Auditor'], { timeZone: zone }),
        });
      },
    });
    renderApp('/settings');
    const select = await screen.findByLabelText('Show times in');
    expect(select).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
    await user.selectOptions(select, 'Asia/Tokyo');
    expect(select).toHaveAccessibleDescription(
      /shown in Asia\/Tokyo: it is now \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d there/,
    );
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Time zone saved.')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/User/time-zone')).toEqual([{ timeZone: 'Asia/Tokyo' }]);
    await waitFor(() => expect(screen.getByLabelText('Show times in')).toHaveValue('Asia/Tokyo'));
    expect(screen.getByRole('button', { name: 'Save time zone' })).toBeDisabled();
  });
});

describe('settings: language (decision 052)', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('keeps the language chosen on the account, and shows the portal in it at once', async () => {
    const user = userEvent.setup();
    signIn();
    let locale: Locale | null = null;
    const api = mockApi({
      'GET /api/User/me': () => Response.json({ success: true, data: userWith(['Admin'], { locale }) }),
      'POST /api/User/logout': ok(null),
      'PUT /api/User/language': async (request) => {
        locale = ((await request.clone().json()) as { locale: Locale | null }).locale;
        return Response.json({ success: true, message: 'Sprache gespeichert.', data: userWith(['Admin'], { locale }) });
      },
    });
    renderApp('/settings');
    const select = await screen.findByLabelText('Show the portal in');
    expect(within(select).getByRole('option', { name: '日本語' })).toHaveAttribute('lang', 'ja');
    await user.selectOptions(select, 'de');
    await user.click(screen.getByRole('button', { name: 'Save language' }));
    expect(await screen.findByText('Sprache gespeichert.')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/User/language')).toEqual([{ locale: 'de' }]);
    // The shell and the page, in German, and the page says which language it is in.
    expect(await screen.findByRole('heading', { name: 'Einstellungen', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Portal anzeigen auf')).toHaveValue('de');
    expect(screen.getByRole('link', { name: 'Benutzer' })).toHaveAttribute('href', '/child-accounts');
    expect(document.documentElement.lang).toBe('de');

    // Signing out comes back to the sign-in page, which is English, and says so.
    await user.click(screen.getByRole('button', { name: /Benutzermenü öffnen/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('opens in the language kept on the account, in another browser too', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'], { locale: 'ja' })) });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: '設定', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^プロフィール、パスワード、2 つ目の認証要素/)).toBeInTheDocument();
    expect(document.title).toBe('プロフィール · 設定 · MigrateHub License Portal');
  });
});

describe('settings: profile', () => {
  it('shows the name and email of the signed-in user, disabled, and only shows them on submit', async () => {
    signIn();
    const api = mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])) });
    renderApp('/settings');
    const name = await screen.findByLabelText('Username');
    expect(name).toHaveValue('Dana Reyes');
    expect(name).toBeDisabled();
    expect(screen.getByLabelText('Email')).toHaveValue('dana@contoso.example');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/settings/change-password');

    await userEvent.click(screen.getByRole('button', { name: 'Update profile' }));
    expect(await screen.findByText('You submitted the following values:')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('shows the submitted values as a person reads them, and drops them on leaving the page', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])), ...policyReply });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Update profile' }));
    const title = await screen.findByText('You submitted the following values:');
    const notice = title.parentElement as HTMLElement;
    const terms = within(notice)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(notice)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Username', 'Email']);
    expect(values).toEqual(['Dana Reyes', 'dana@contoso.example']);
    expect(notice).not.toHaveTextContent(/[{}"]/);

    await userEvent.click(screen.getByRole('link', { name: 'Change Password' }));
    await screen.findByLabelText('Old Password');
    await waitFor(() => expect(screen.queryByText('You submitted the following values:')).not.toBeInTheDocument());
  });

  it.each([
    ['D', 'Username must be at least 2 characters.'],
    ['D'.repeat(31), 'Username must not be longer than 30 characters.'],
  ])('checks the name %s on submit', async (userName, message) => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'], { name: userName })) });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Update profile' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('You submitted the following values:')).not.toBeInTheDocument();
  });
});

async function submitPasswords(oldPassword: string, newPassword: string, confirmPassword: string) {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Change Password' });
  if (oldPassword) await user.type(screen.getByLabelText('Old Password'), oldPassword);
  if (newPassword) await user.type(screen.getByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(button);
}

describe('settings: change password', () => {
  it('asks for every field', async () => {
    signIn();
    const api = mockApi({ 'GET /api/User/me': ok(userWith(['User'])), ...policyReply });
    renderApp('/settings/change-password');
    await submitPasswords('', '', '');
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    expect(api.calls('POST /api/User/change-password')).toHaveLength(0);
  });

  it('says "Passwords don\'t match" and lists the policy rules broken', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])), ...policyReply });
    renderApp('/settings/change-password');
    await submitPasswords('old secret', 'short', 'other');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByTestId('password-policy-errors')).toHaveTextContent(
      'Password must be at least 12 characters long',
    );
  });

  it('puts server field errors on their fields', async () => {
    signIn();
    const message = 'The old password is not correct.';
    mockApi({
      'GET /api/User/me': ok(userWith(['User'])),
      ...policyReply,
      'POST /api/User/change-password': failure(400, message, [{ field: 'oldPassword', message }]),
    });
    renderApp('/settings/change-password');
    await submitPasswords('wrong old one', 'a much longer secret', 'a much longer secret');
    await waitFor(() => expect(screen.getByLabelText('Old Password')).toHaveAttribute('aria-invalid', 'true'));
    // Said once, under the field: no toast repeats it.
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('keeps this session on the new token and says so', async () => {
    signIn('old-token');
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['User'])),
      ...policyReply,
      'POST /api/User/change-password': {
        body: {
          success: true,
          message: 'Your password has been changed.',
          data: { token: 'new-token', requireMfaSetup: false, mfaSetupMethods: [] },
        },
      },
    });
    renderApp('/settings/change-password');
    await submitPasswords('old secret value', 'a much longer secret', 'a much longer secret');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('new-token'));
    expect(screen.getByLabelText('Old Password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(api.calls('GET /api/User/me')).toHaveLength(1);
  });
});
