import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Account, accounts } from '../db/schema';

/** Emails compare trimmed and in lower case everywhere: sign-in, limits, uniqueness, transfers. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAccountByEmail(db: Database, email: string): Promise<Account | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, normalizeEmail(email)))
    .limit(1);
  return account;
}
