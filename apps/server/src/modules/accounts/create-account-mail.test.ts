import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptEula } from '../../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { accountTokens, accounts, mailOutbox } from '../../db/schema';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await acceptEula(ctx.handle.db, ['admin@example.com']);
  admin = await ctx.login('admin@example.com');
});
afterAll(() => ctx.close());

const create = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/User/create-child-account',
    headers: bearer(admin),
    payload: { name: 'Outbox Olga', email },
  });

describe('creating an account', () => {
  it('writes account, validation token and confirmation mail in one transaction', async () => {
    // The database refuses the mail row, as a crash or a full disk at that moment would.
    await ctx.handle.db.execute(
      sql.raw(`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$`),
    );
    await ctx.handle.db.execute(
      sql.raw('CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()'),
    );
    const refused = await create('olga@example.com');
    expect(refused.statusCode).toBe(500);
    expect(await ctx.handle.db.select().from(accounts).where(eq(accounts.email, 'olga@example.com'))).toHaveLength(0);

    await ctx.handle.db.execute(sql.raw('DROP TRIGGER refuse_mail ON mail_outbox'));
    const tokensBefore = await ctx.handle.db.select().from(accountTokens);
    const created = await create('olga@example.com');
    expect(created.statusCode).toBe(200);
    const [account] = await ctx.handle.db.select().from(accounts).where(eq(accounts.email, 'olga@example.com'));
    const tokens = await ctx.handle.db.select().from(accountTokens).where(eq(accountTokens.accountId, account!.id));
    expect(tokens).toHaveLength(1);
    expect((await ctx.handle.db.select().from(accountTokens)).length).toBe(tokensBefore.length + 1);
    const [row] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'olga@example.com'));
    expect(row?.subject).toMatch(/confirm your email/i);
    await ctx.mail.waitFor('olga@example.com', /confirm your email/i);
  });
});
