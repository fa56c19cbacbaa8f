import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth';

const messages = (input: unknown) => {
  const result = loginRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the login request', () => {
  it('uses the product messages', () => {
    expect(messages({})).toEqual(['email: Please enter your email', 'password: Please enter your password']);
    expect(messages({ email: '  ', password: 'x' })).toEqual(['email: Please enter your email']);
    expect(messages({ email: 'nope', password: 'x' })).toEqual(['email: Invalid email address']);
  });

  it('trims the email', () => {
    expect(loginRequestSchema.parse({ email: ' a@b.co ', password: 'x' }).email).toBe('a@b.co');
  });
});
