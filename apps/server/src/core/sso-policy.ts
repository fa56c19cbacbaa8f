import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Account } from '../db/schema';
import { tenantOfAccount } from './tenant';

/**
 * Whether single sign-on is enforced for this account (decision 038): its email's domain is owned
 * by its own organisation, whose connection is enforced, and it is not the named break-glass
 * account. An account of another organisation that happens to use the domain is not affected. Read
 * here, in core, because the password login and the password reset both ask, and the module that
 * writes the connection (modules/sso) imports the sign-in module.
 */
export async function ssoEnforcedFor(db: Database, account: Pick<Account, 'id' | 'email'>): Promise<boolean> {
  const domain = account.email.trim().toLowerCase().split('@').pop() ?? '';
  const answer: unknown = await db.execute(sql`
    SELECT 1 AS enforced
      FROM sso_domains d JOIN sso_connections c ON c.tenant_id = d.tenant_id
     WHERE d.domain = ${domain} AND c.enforced
       AND c.tenant_id = ${tenantOfAccount(sql`${account.id}::uuid`)}
       AND c.break_glass_account_id IS DISTINCT FROM ${account.id}::uuid`);
  return rowsOf(answer).length > 0;
}
