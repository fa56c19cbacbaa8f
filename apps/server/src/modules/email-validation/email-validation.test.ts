import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, pools } from '../../db/schema';
import { MailQueue } from '../../core/mail-outbox';
import { createMailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { createTestContext, type TestContext } from '../../../test/helper';
import { PASSWORD_EXPIRED } from '../sessions';
import { sendEmailValidation } from './email-validation.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function newUnvalidatedAccount(email: string) {
  const [account] = await ctx.handle.db
    .insert(accounts)
    .values({
      email,
      name: 'New Customer',
      passwordHash: await hashPassword('unusable password 123'),
      roles: ['Admin'],
      mustChangePassword: true,
    })
    .returning();
  if (!account) throw new Error('insert failed');
  await ctx.handle.db.insert(pools).values({ ownerId: account.id, name: 'Default Pool', poolType: 'Default' });
  const queue = new MailQueue(
    ctx.handle.db,
    createMailer({ smtpUrl: ctx.mail.url, from: 'test@localhost', dataDir: '/nonexistent' }),
    ctx.app.log,
  );
  await sendEmailValidation(ctx.handle.db, queue, 'http://portal.test', account, ctx.clock.now());
  await queue.drain();
  return account;
}

const confirm = (token: string | null) =>
  ctx.app.inject({ method: 'POST', url: '/api/User/confirm-email', payload: { token } });
const validatedAt = async (id: string) =>
  (await ctx.handle.db.select().from(accounts).where(eq(accounts.id, id)))[0]?.emailValidatedAt;

describe('email validation', () => {
  it('mails a link to a page that confirms only by POST, then mails one-time sign-in details', async () => {
    const account = await newUnvalidatedAccount('new.customer@example.com');
    const mail = await ctx.mail.waitFor('new.customer@example.com', /confirm your email/i);
    const link = new URL(/(http\S+confirm-email\S+)/.exec(mail.text)?.[1] ?? '');
    expect(link.origin).toBe('http://portal.test');
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('p')).toBe('confirm-email');
    const token = link.searchParams.get('token');

    // A mail scanner following the link of an older mail (the API address) spends nothing.
    const scanned = await ctx.app.inject({ url: `/api/User/confirm-email?token=${token}` });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/?p=confirm-email&token=${token}`);
    await ctx.app.inject({ url: `/api/User/confirm-email?token=${token}` });
    expect(await validatedAt(account.id)).toBeNull();

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your email address has been validated.');
    expect(await validatedAt(account.id)).not.toBeNull();

    const details = await ctx.mail.waitFor('new.customer@example.com', /sign-in details/i);
    const password = /One-time password: (\S+)/.exec(details.text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(details.text).toMatch(/Download the migration software: http/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'new.customer@example.com', password },
    });
    expect(login.json().data.requirePasswordChange).toBe(true);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This validation link is invalid or has expired.');

    // The mailed one-time password dies 72 hours after it was sent.
    ctx.clock.advanceMinutes(72 * 60);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/User/login',
      payload: { email: 'new.customer@example.com', password },
    });
    expect(late.json().message).toBe(PASSWORD_EXPIRED);
  });

  it('refuses an unknown link without changing anything', async () => {
    const res = await confirm('not-a-real-token-at-all');
    expect(res.statusCode).toBe(400);
    expect(ctx.logs.join('\n')).not.toContain('not-a-real-token-at-all');
  });
});
