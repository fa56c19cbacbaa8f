import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const SENT = 'If an account exists for this email, we have sent it a link to reset the password. Check your inbox.';

async function submitEmail(email: string) {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Send Reset Password Link' });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(button);
  return user;
}

describe('forgot password', () => {
  it('asks for an email, then a valid one, before calling the server', async () => {
    const api = mockApi({});
    renderApp('/forgot-password');
    await submitEmail('');
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'dana@');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("sends the request and shows the server's answer on the page", async () => {
    const api = mockApi({ 'POST /api/User/forgot-password': { body: { success: true, message: SENT, data: null } } });
    renderApp('/forgot-password');
    await submitEmail('dana@contoso.example');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.getAllByText(SENT)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Send Reset Password Link' })).not.toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/User/forgot-password')).toEqual([{ email: 'dana@contoso.example' }]);
  });

  it("goes back in history with 'Back to Login'", async () => {
    mockApi({});
    const { router } = renderApp('/');
    await router.navigate('/forgot-password');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('POP');
  });

  it("goes to the login page with 'Back to Login' when opened directly", async () => {
    mockApi({});
    const { router } = renderApp('/forgot-password');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('PUSH');
  });
});
