import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userRequests } from '../../../test/fixtures';
import { createTestContext, useTestContext } from '../../../test/helper';
import { NEW_PASSWORD } from '../../../test/password-fixtures';

const ctx = useTestContext();
const { post, me } = userRequests(ctx);

describe('forgot and reset', () => {
  const forgot = (email: string) => post('/api/User/forgot-password', { email });
  async function resetLink(email: string): Promise<URL> {
    const mail = await ctx.mail.waitFor(email, /reset your password/i);
    const href = /(http\S+reset-password\S+)/.exec(mail.text)?.[1];
    if (!href) throw new Error('no link');
    ctx.mail.messages.splice(ctx.mail.messages.indexOf(mail), 1);
    return new URL(href);
  }
  const reset = (link: URL, newPassword = NEW_PASSWORD) =>
    post('/api/User/reset-password', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      newPassword,
      confirmPassword: newPassword,
    });

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    // A context of its own: closing its app waits for the background work and the mail it queued,
    // so the absence of a mail is a fact, not a guess after a pause.
    const own = await createTestContext();
    const ownForgot = (email: string) =>
      own.app.inject({ method: 'POST', url: '/api/User/forgot-password', payload: { email } });
    const known = await ownForgot('admin@example.com');
    const unknown = await ownForgot('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await own.app.close();
    expect(own.mail.messages.map((m) => m.to)).toEqual(['admin@example.com']);
    await own.handle.close();
    await own.mail.close();
  });

  it('awaits nothing for a known email that it does not await for an unknown one', async () => {
    const own = await createTestContext();
    const ownForgot = (email: string) =>
      own.app.inject({ method: 'POST', url: '/api/User/forgot-password', payload: { email } });
    const unknown = await ownForgot('ghost@example.com');
    // Without the accounts table the lookup and the link fail: an answer that waited for them would
    // be a 500. The known email must answer exactly as the unknown one did.
    await own.handle.db.execute(sql`alter table accounts rename to accounts_away`);
    const known = await ownForgot('admin@example.com');
    await own.app.close();
    await own.handle.db.execute(sql`alter table accounts_away rename to accounts`);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(own.logs.join('\n')).toContain('background work failed');
    await own.handle.close();
    await own.mail.close();
  });

  it('mails the known email a link to the reset page', async () => {
    await forgot('admin@example.com');
    const link = await resetLink('admin@example.com');
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe('admin@example.com');
  });

  it('resets once, ends every session, and the new password signs in', async () => {
    ctx.clock.advanceMinutes(61);
    const session = await ctx.login('admin@example.com');
    await forgot('admin@example.com');
    const link = await resetLink('admin@example.com');
    const mismatch = await post('/api/User/reset-password', {
      token: link.searchParams.get('token'),
      email: 'admin@example.com',
      newPassword: NEW_PASSWORD,
      confirmPassword: 'x',
    });
    expect(mismatch.json().errors).toEqual([{ field: 'confirmPassword', message: "Passwords don't match" }]);
    expect((await reset(link)).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    const again = await reset(link);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
    await ctx.login('admin@example.com', NEW_PASSWORD);
  });

  it('voids an older link when a newer one is sent, and expires links after 60 minutes', async () => {
    ctx.clock.advanceMinutes(61);
    await forgot('user2@example.com');
    const older = await resetLink('user2@example.com');
    await forgot('user2@example.com');
    const newer = await resetLink('user2@example.com');
    expect((await reset(older)).statusCode).toBe(400);
    ctx.clock.advanceMinutes(61);
    expect((await reset(newer)).statusCode).toBe(400);
  });

  it('accepts exactly one of 20 parallel uses of one link', async () => {
    ctx.clock.advanceMinutes(61);
    await forgot('user2@example.com');
    const link = await resetLink('user2@example.com');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => reset(link, `parallel passphrase ${i} x`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('limits forgot-password to 5 an hour per email, whatever its case and spaces', async () => {
    ctx.clock.advanceMinutes(61);
    const variants = [
      'auditor@example.com',
      'AUDITOR@example.com',
      ' auditor@Example.com ',
      'auditor@example.COM',
      'Auditor@example.com',
    ];
    for (const email of variants) expect((await forgot(email)).statusCode).toBe(200);
    const sixth = await ctx.app.inject({
      method: 'POST',
      url: '/API/user/FORGOT-PASSWORD',
      payload: { email: 'AuDiToR@example.com' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('logs of forgot and reset', () => {
  it('hold one audit line per event and no password or token', async () => {
    const all = ctx.logs.join('\n');
    for (const event of ['auth.password.forgot', 'auth.password.reset']) expect(all).toContain(`"event":"${event}"`);
    expect(all).not.toContain(NEW_PASSWORD);
    expect(all).not.toMatch(/reset-password\?token=/);
  });
});
