import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, policyReply } from '@/test/auth';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const TOKEN = 'reset-token-0123456789abcdef';
const LINK = `/reset-password?token=${TOKEN}&email=dana%40contoso.example`;

async function fill(newPassword: string, confirmPassword: string) {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Reset Password' });
  if (newPassword) await user.type(screen.getByLabelText('New Password'), newPassword);
  if (confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(button);
}

describe('reset password from the emailed link', () => {
  it('asks for both passwords', async () => {
    const api = mockApi(policyReply);
    renderApp(LINK);
    expect(await screen.findByText('dana@contoso.example')).toBeInTheDocument();
    await fill('', '');
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    expect(api.calls('POST /api/User/reset-password')).toHaveLength(0);
  });

  it('says "Passwords don\'t match" and lists the policy rules broken', async () => {
    const api = mockApi(policyReply);
    renderApp(LINK);
    await fill('too short', 'something else');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByTestId('password-policy-errors')).toHaveTextContent(
      'Password must be at least 12 characters long',
    );
    expect(api.calls('POST /api/User/reset-password')).toHaveLength(0);
  });

  it('resets with the link values and returns to the login page with the server message', async () => {
    const message = 'Your password has been reset. Please sign in.';
    const api = mockApi({
      ...policyReply,
      'POST /api/User/reset-password': { body: { success: true, message, data: null } },
    });
    const { router } = renderApp(LINK);
    await fill('a much longer secret', 'a much longer secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/User/reset-password')).toEqual([
      {
        token: TOKEN,
        email: 'dana@contoso.example',
        newPassword: 'a much longer secret',
        confirmPassword: 'a much longer secret',
      },
    ]);
  });

  it('stays on the page with the refusal of a used or expired link', async () => {
    const message = 'This reset link is invalid or has expired. Please ask for a new one.';
    mockApi({ ...policyReply, 'POST /api/User/reset-password': failure(400, message) });
    const { router } = renderApp(LINK);
    await fill('a much longer secret', 'a much longer secret');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('offers a new link when the link lacks its token or email', async () => {
    mockApi({});
    renderApp('/reset-password?email=dana%40contoso.example');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
