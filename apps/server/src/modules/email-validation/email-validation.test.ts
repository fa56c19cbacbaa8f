import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, pools } from '../../db/schema';
import { MailQueue, createMailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { createTestContext, type TestContext } from '../../../test/helper';
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
    createMailer({ smtpUrl: ctx.mail.url, from: 'test@localhost', dataDir: '/nonexistent' }),
    ctx.app.log,
  );
  await sendEmailValidation(ctx.handle.db, queue, 'http://portal.test', account, ctx.clock.now());
  await queue.drain();
  return account;
}

describe('email validation', () => {
  it('confirms the address from the mailed link, lands on /?p=confirm and mails the sign-in details', async () => {
    const account = await newUnvalidatedAccount('new.customer@example.com');
    const mail = await ctx.mail.waitFor('new.customer@example.com', /confirm your email/i);
    const link = new URL(/(http\S+confirm-email\S+)/.exec(mail.text)?.[1] ?? '');
    expect(link.origin).toBe('http://portal.test');

    const res = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/?p=confirm');
    const [row] = await ctx.handle.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.emailValidatedAt).not.toBeNull();

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

    const again = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(again.headers.location).toBe('/?p=confirm-invalid');
  });

  it('refuses an unknown link without changing anything', async () => {
    const res = await ctx.app.inject({ url: '/api/User/confirm-email?token=not-a-real-token-at-all' });
    expect(res.headers.location).toBe('/?p=confirm-invalid');
    expect(ctx.logs.join('\n')).not.toContain('not-a-real-token-at-all');
  });
});
