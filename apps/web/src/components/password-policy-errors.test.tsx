import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePasswordPolicyErrors } from '@/lib/password-requirements';
import { mockApi, ok } from '@/test/mock-api';
import { PasswordPolicyErrors } from './password-policy-errors';

afterEach(() => vi.unstubAllGlobals());

function PasswordField({ initial }: { initial: string }) {
  const [password] = useState(initial);
  return <PasswordPolicyErrors errors={usePasswordPolicyErrors(password)} />;
}

function renderWithPolicy(password: string, requirements: Record<string, unknown>) {
  mockApi({ 'GET /api/User/password-requirements': ok({ requirements }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PasswordField initial={password} />
    </QueryClientProvider>,
  );
  return client;
}

const ALL_RULES = {
  minLength: 14,
  maxLength: 20,
  requireUppercase: true,
  requireLowercase: true,
  requireDigit: true,
  requireSpecialChar: true,
};

describe('the live password policy check', () => {
  it('lists, in red, every rule the server asks for that the password breaks', async () => {
    renderWithPolicy('ab', ALL_RULES);
    const list = await screen.findByTestId('password-policy-errors');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Password must be at least 14 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one digit',
      'Password must contain at least one special character',
    ]);
    expect(list).toHaveClass('text-destructive');
  });

  it('names the maximum and a missing lowercase letter', async () => {
    renderWithPolicy('ABCDEFGHIJKLMNOPQRSTUVWXYZ1!', ALL_RULES);
    const items = [...(await screen.findByTestId('password-policy-errors')).querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(items).toEqual([
      'Password must be no more than 20 characters long',
      'Password must contain at least one lowercase letter',
    ]);
  });

  it('says nothing when the password meets the policy, or when 0 means no maximum', async () => {
    const client = renderWithPolicy('x'.repeat(300), {
      ...ALL_RULES,
      minLength: 12,
      maxLength: 0,
      requireUppercase: false,
      requireDigit: false,
      requireSpecialChar: false,
    });
    await waitFor(() => expect(client.getQueryState(['password-requirements'])?.status).toBe('success'));
    expect(screen.queryByTestId('password-policy-errors')).toBeNull();
  });
});
