import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@portal/contracts/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, policyReply } from '@/test/auth';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { activateLocale } from './i18n';
import { saidInLanguage } from './said-in-language';

/** Settings → Change Password for an Admin reading `locale`; the server refuses the old password. */
function changePasswordIn(locale: Locale) {
  signIn();
  mockApi({
    'GET /api/User/me': ok(userWith(['Admin'], { locale })),
    ...policyReply,
    'POST /api/User/change-password': failure(400, 'The old password is not correct.'),
  });
  renderApp('/settings/change-password');
}

afterEach(async () => {
  await activateLocale('en');
});

describe('messages of the server and the contracts (decision 052)', () => {
  it("shows a German person a contract's field error and a server refusal in German", async () => {
    const user = userEvent.setup();
    changePasswordIn('de');
    const submit = await screen.findByRole('button', { name: 'Change Password' });
    await screen.findByRole('heading', { name: 'Einstellungen', level: 1 });
    await user.click(submit);
    // MSG.oldPasswordRequired, from the contracts' schema through zodResolver.
    expect(await screen.findByText('Das alte Passwort ist erforderlich')).toBeInTheDocument();
    expect(screen.queryByText('Old password is required')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Old Password'), 'not-my-password');
    await user.type(screen.getByLabelText('New Password'), 'a-new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-password-1');
    await user.click(submit);
    // The server's 400, in English on the wire, in the toast in German.
    expect(await screen.findByText('Das alte Passwort ist nicht korrekt.')).toBeInTheDocument();
    expect(screen.getByText('Fehler')).toBeInTheDocument();
  });

  it('shows an English person the same messages as the server and the contracts wrote them', async () => {
    const user = userEvent.setup();
    changePasswordIn('en');
    const submit = await screen.findByRole('button', { name: 'Change Password' });
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await user.click(submit);
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Old Password'), 'not-my-password');
    await user.type(screen.getByLabelText('New Password'), 'a-new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-new-password-1');
    await user.click(submit);
    expect(await screen.findByText('The old password is not correct.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it("says a policy's length in the language shown, and leaves a message the area does not hold as it came", async () => {
    await activateLocale('ja');
    expect(saidInLanguage('Password must be at least 12 characters long')).toBe(
      'パスワードは 12 文字以上にしてください',
    );
    expect(saidInLanguage('Only 3 units of MBX are available.')).toBe('Only 3 units of MBX are available.');
    await activateLocale('en');
    expect(saidInLanguage('Password must be at least 12 characters long')).toBe(
      'Password must be at least 12 characters long',
    );
  });
});
