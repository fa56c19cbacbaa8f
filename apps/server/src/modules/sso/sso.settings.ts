import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { SSO_MSG, type SsoSettings, type ssoSettingsRequestSchema } from '@portal/contracts/sso';
import type { z } from 'zod';
import { conflict, forbidden, refuseField } from '../../core/errors';
import type { AuthDeps, Principal } from '../../core/session';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accounts, ssoConnections, ssoDomains } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { ProviderAccess } from './sso.provider';

export interface SsoDeps extends AuthDeps {
  secrets: SecretBox | null | undefined;
  access: ProviderAccess;
  /** The address the provider returns the browser to (PUBLIC_URL + /api/Sso/callback). */
  redirectUri: string;
}

function requireSecrets(secrets: SecretBox | null | undefined): SecretBox {
  if (!secrets) throw conflict(SSO_MSG.noSecretsKey);
  return secrets;
}

/** Only the Admin at the top of its organisation (its tenant) manages single sign-on. */
export function requireTopAdmin(principal: Principal): string {
  if (principal.parentId !== null || !principal.roles.includes('Admin')) throw forbidden(SSO_MSG.topAdminOnly);
  return principal.accountId;
}

/** The active Admins of the organisation: the break-glass choices. */
async function adminsOf(db: Database, tenantId: string) {
  return db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(
      and(
        eq(accounts.active, true),
        sql`'Admin' = ANY(${accounts.roles})`,
        sql`${accounts.id} IN (SELECT descendant_id FROM account_closure WHERE ancestor_id = ${tenantId}::uuid)`,
      ),
    )
    .orderBy(asc(accounts.name), asc(accounts.id));
}

async function domainsOf(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, tenantId))
    .orderBy(asc(ssoDomains.domain));
  return rows.map((row) => row.domain);
}

/** `GET /Sso`: the organisation's settings, never its secret. */
export async function readSettings(deps: SsoDeps, tenantId: string): Promise<SsoSettings> {
  const [connection] = await deps.db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenantId));
  return {
    configured: connection !== undefined,
    issuer: connection?.issuer ?? '',
    clientId: connection?.clientId ?? '',
    hasClientSecret: connection !== undefined,
    domains: await domainsOf(deps.db, tenantId),
    defaultRole: connection?.defaultRole ?? 'User',
    enforced: connection?.enforced ?? false,
    breakGlassAccountId: connection?.breakGlassAccountId ?? null,
    redirectUri: deps.redirectUri,
    admins: await adminsOf(deps.db, tenantId),
  };
}

/**
 * `PUT /Sso`: the connection and its domains in one transaction. The secret is sealed; without one
 * the stored one is kept. A domain of another organisation, or a break-glass account that is not an
 * active Admin of this one, is refused on its field.
 */
export async function saveSettings(
  deps: SsoDeps,
  tenantId: string,
  body: z.output<typeof ssoSettingsRequestSchema>,
  now: Date,
  inTransaction: (tx: Database) => Promise<void>,
): Promise<SsoSettings> {
  const box = requireSecrets(deps.secrets);
  const domains = [...new Set(body.domains)];
  if (body.enforced && !body.breakGlassAccountId)
    throw refuseField(400, 'breakGlassAccountId', SSO_MSG.breakGlassRequired);
  if (body.breakGlassAccountId) {
    const admins = await adminsOf(deps.db, tenantId);
    if (!admins.some((admin) => admin.id === body.breakGlassAccountId)) {
      throw refuseField(400, 'breakGlassAccountId', SSO_MSG.breakGlassInvalid);
    }
  }
  const secret = body.clientSecret?.trim() ? box.seal(body.clientSecret.trim()) : undefined;
  try {
    await deps.db.transaction(async (tx) => {
      const taken = await tx
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.tenantId, tenantId)))
        .limit(1);
      if (taken[0]) throw refuseField(400, 'domains', SSO_MSG.domainTaken(taken[0].domain));
      const [existing] = await tx
        .select({ tenantId: ssoConnections.tenantId })
        .from(ssoConnections)
        .where(eq(ssoConnections.tenantId, tenantId))
        .for('update');
      const values = {
        issuer: body.issuer,
        clientId: body.clientId,
        defaultRole: body.defaultRole,
        enforced: body.enforced,
        breakGlassAccountId: body.breakGlassAccountId,
        updatedAt: now,
      };
      if (existing) {
        await tx
          .update(ssoConnections)
          .set({ ...values, ...(secret && { clientSecret: secret }) })
          .where(eq(ssoConnections.tenantId, tenantId));
      } else {
        if (!secret) throw refuseField(400, 'clientSecret', SSO_MSG.secretRequired);
        await tx.insert(ssoConnections).values({ ...values, tenantId, clientSecret: secret, createdAt: now });
      }
      await tx.delete(ssoDomains).where(eq(ssoDomains.tenantId, tenantId));
      await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, tenantId })));
      await inTransaction(tx);
    });
  } catch (error) {
    // Two organisations claiming one domain at once: the primary key decides.
    if (isUniqueViolation(error)) throw refuseField(400, 'domains', SSO_MSG.domainTaken(domains.join(', ')));
    throw error;
  }
  return readSettings(deps, tenantId);
}
