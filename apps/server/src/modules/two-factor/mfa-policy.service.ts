import { sql } from 'drizzle-orm';
import type { MfaPolicy, MfaPolicyStatus, TwoFactorMethod } from '@portal/contracts/mfa';
import type { MfaSetup } from '@portal/contracts/login';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { type Account, organisationSecurity } from '../../db/schema';
import { tenantOfAccount } from '../../core/tenant';
import { type AuthDeps, createSession, type Principal, revokeSession, startFullSession } from '../../core/session';
import { removePasskeys } from './passkeys.service';
import { removeTotp, twoFactorMethodsOf } from './totp.service';

/**
 * An organisation's MFA policy and what it asks at sign-in (decision 036). The organisation is the
 * tenant: the account at the top of the tree. Without a row, the policy is `optional`.
 */
export const NO_SETUP: MfaSetup = { requireMfaSetup: false, mfaSetupMethods: [] };

/** How a person proved itself beyond the password: a factor it used, or its provider's MFA. */
export type Proof = TwoFactorMethod | 'provider-mfa' | 'none';

/** The policy of the account's organisation. */
export async function mfaPolicyOf(db: Database, accountId: string): Promise<MfaPolicy> {
  const [row] = rowsOf<{ policy: MfaPolicy | null }>(
    await db.execute(sql`SELECT s.mfa_policy AS policy FROM organisation_security s
      WHERE s.tenant_id = ${tenantOfAccount(sql`${accountId}::uuid`)}`),
  );
  return row?.policy ?? 'optional';
}

/** Whether a proof meets the policy: any factor for `required`; a passkey or the provider's MFA for phishing-resistant. */
export function proofMeets(policy: MfaPolicy, proof: Proof): boolean {
  if (policy === 'optional') return true;
  if (policy === 'required') return proof !== 'none';
  return proof === 'passkey' || proof === 'provider-mfa';
}

/** Whether the factors an account has could meet the policy at its next sign-in. */
export function factorsMeet(policy: MfaPolicy, methods: readonly TwoFactorMethod[]): boolean {
  return methods.some((method) => proofMeets(policy, method));
}

/**
 * The factors the second step offers. Under a phishing-resistant policy an account that has a
 * passkey is offered only that: an app's code or a recovery code would let a phishing page through.
 */
export function offeredMethods(policy: MfaPolicy, methods: readonly TwoFactorMethod[]): TwoFactorMethod[] {
  if (policy === 'phishing-resistant' && methods.includes('passkey')) return ['passkey'];
  return [...methods];
}

/** What the person may set up to meet the policy, strongest first. */
function setupMethodsFor(policy: MfaPolicy): MfaSetup['mfaSetupMethods'] {
  return policy === 'phishing-resistant' ? ['passkey'] : ['passkey', 'totp'];
}

/**
 * The session a sign-in opens once the password (and any second factor) is checked: a full one
 * when the proof meets the policy, else one that opens only the set-up of a factor that does.
 */
export async function sessionAfterProof(
  deps: Pick<AuthDeps, 'db' | 'sessionPolicy'>,
  account: Account,
  proof: Proof,
  now: Date,
  policy?: MfaPolicy,
): Promise<{ token: string } & MfaSetup> {
  const effective = policy ?? (await mfaPolicyOf(deps.db, account.id));
  if (proofMeets(effective, proof))
    return { token: await startFullSession(deps.db, deps.sessionPolicy, account, now), ...NO_SETUP };
  const { token } = await createSession(deps.db, deps.sessionPolicy, account.id, 'mfa-setup', now);
  return { token, requireMfaSetup: true, mfaSetupMethods: setupMethodsFor(effective) };
}

/**
 * Ends the MFA set-up the policy asked for, once the account's factors meet it: the set-up session
 * gives way to a full one, whose token is answered. Null for any other session, or while the
 * factors still fall short (an app under a phishing-resistant policy). Runs in the set-up's
 * transaction.
 */
export async function finishMfaSetup(
  deps: Pick<AuthDeps, 'db' | 'sessionPolicy'>,
  principal: Principal,
  account: Account,
  now: Date,
): Promise<string | null> {
  if (principal.kind !== 'mfa-setup') return null;
  const policy = await mfaPolicyOf(deps.db, account.id);
  if (!factorsMeet(policy, await twoFactorMethodsOf(deps.db, account))) return null;
  await revokeSession(deps.db, principal.sessionId, now);
  return startFullSession(deps.db, deps.sessionPolicy, account, now);
}

/** The policy as its Admins see it, with how many active people of the organisation lack what it asks. */
export async function mfaPolicyStatus(db: Database, principal: Principal): Promise<MfaPolicyStatus> {
  const tenant = tenantOfAccount(sql`${principal.accountId}::uuid`);
  const [row] = rowsOf<{ policy: MfaPolicy | null; updated_at: Date | string | null; tenant_id: string }>(
    await db.execute(sql`SELECT ${tenant} AS tenant_id, s.mfa_policy AS policy, s.updated_at
      FROM (SELECT 1) one LEFT JOIN organisation_security s ON s.tenant_id = ${tenant}`),
  );
  const policy = row?.policy ?? 'optional';
  return {
    policy,
    canChange: row?.tenant_id === principal.accountId,
    peopleWithout: policy === 'optional' ? 0 : await countWithout(db, row!.tenant_id, policy),
    updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

/** Active accounts of the organisation whose factors do not meet the policy (one statement). */
async function countWithout(db: Database, tenantId: string, policy: MfaPolicy): Promise<number> {
  const passkey = sql`EXISTS (SELECT 1 FROM passkeys p WHERE p.account_id = a.id)`;
  const app = sql`EXISTS (SELECT 1 FROM totp_factors t WHERE t.account_id = a.id AND t.confirmed_at IS NOT NULL)`;
  const meets = policy === 'phishing-resistant' ? passkey : sql`(${passkey} OR ${app} OR a.two_factor_enabled)`;
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
      WHERE c.ancestor_id = ${tenantId} AND a.active AND NOT ${meets}`),
  );
  return Number(row?.n ?? 0);
}

/** Sets the organisation's policy; the caller is its top account (checked by the route). */
export async function setMfaPolicy(tx: Database, tenantId: string, policy: MfaPolicy, by: string, now: Date) {
  await tx
    .insert(organisationSecurity)
    .values({ tenantId, mfaPolicy: policy, updatedAt: now, updatedBy: by })
    .onConflictDoUpdate({
      target: organisationSecurity.tenantId,
      set: { mfaPolicy: policy, updatedAt: now, updatedBy: by },
    });
}

/**
 * An Admin's reset of a child's factors: its app, recovery codes and passkeys go. The emailed code
 * stays as it was: it is the mailbox's, which a reset of the password reaches too.
 */
export async function removeAllFactors(tx: Database, accountId: string): Promise<void> {
  await removeTotp(tx, accountId);
  await removePasskeys(tx, accountId);
}
