import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountClosure, accounts } from '../db/schema';
import { addAccount, idOf } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/helper';
import { type Principal } from './session';
import { readScope, viewedAccountOf, subtreeOf } from './scope';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the account tree (account_closure)', () => {
  it('gives every new account a row per ancestor, at its depth, and itself at 0', async () => {
    const db = ctx.handle.db;
    const admin = await idOf(db, 'admin@example.com');
    const child = await addAccount(db, { email: 'tree.child@example.com', roles: ['Admin'], parentId: admin });
    const grandchild = await addAccount(db, { email: 'tree.grandchild@example.com', roles: ['User'], parentId: child });
    const rows = await db.select().from(accountClosure).where(eq(accountClosure.descendantId, grandchild));
    const byAncestor = Object.fromEntries(rows.map((r) => [r.ancestorId, r.depth]));
    expect(byAncestor).toEqual({ [grandchild]: 0, [child]: 1, [admin]: 2 });

    const subtree = await db.execute(sql`select count(*)::int as n from ${subtreeOf(admin)} as s`);
    const n = (subtree as { rows: { n: number }[] }).rows[0]?.n;
    // admin, auditor, user, user2, secure, and the two added here.
    expect(n).toBe(7);
  });

  it('refuses to move an account to another parent', async () => {
    const db = ctx.handle.db;
    const user = await idOf(db, 'user@example.com');
    const other = await addAccount(db, { email: 'tree.other@example.com', roles: ['Admin'] });
    await expect(db.update(accounts).set({ parentId: other }).where(eq(accounts.id, user))).rejects.toThrow();
    const [row] = await db.select({ parentId: accounts.parentId }).from(accounts).where(eq(accounts.id, user));
    expect(row?.parentId).toBe(await idOf(db, 'admin@example.com'));
  });
});

describe('whom a caller reads as', () => {
  const caller = (roles: Principal['roles']): Principal =>
    ({ accountId: 'self', parentId: 'parent', roles }) as unknown as Principal;

  it('an Auditor reads as its parent, in its views and in its scope', () => {
    expect(viewedAccountOf(caller(['Auditor']))).toBe('parent');
    expect(readScope(caller(['Auditor']))).toEqual({ kind: 'subtree', rootId: 'parent' });
    expect(readScope(caller(['Admin', 'Auditor']))).toEqual({ kind: 'subtree', rootId: 'parent' });
  });

  it('everyone else reads as itself', () => {
    expect(viewedAccountOf(caller(['Admin']))).toBe('self');
    expect(viewedAccountOf(caller(['User']))).toBe('self');
    expect(viewedAccountOf(caller(['SuperAdmin', 'Auditor']))).toBe('self');
    expect(readScope(caller(['Admin']))).toEqual({ kind: 'subtree', rootId: 'self' });
    expect(readScope(caller(['User']))).toEqual({ kind: 'self', accountId: 'self' });
    expect(readScope(caller(['SuperAdmin', 'Auditor']))).toEqual({ kind: 'all' });
  });
});
