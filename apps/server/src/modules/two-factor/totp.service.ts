import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  MFA_MSG,
  type MfaStatus,
  type Passkey,
  RECOVERY_CODE_COUNT,
  twoFactorCodeProblem,
  type TwoFactorMethod,
} from '@portal/contracts/mfa';
import type { Database } from '../../db/client';
import { type Account, accounts, passkeys, recoveryCodes, totpFactors } from '../../db/schema';
import { badRequest, conflict } from '../../core/errors';
import type { SecretBox } from '../../lib/secret-box';
import { hashToken } from '../../lib/tokens';

/** The name an authenticator app shows beside the account. */
const ISSUER = 'MigrateHub License Portal';
/** One 30-second step either side of now: a phone's clock a little off still works. */
const DRIFT_SECONDS = 30;
// Recovery codes: 16 letters and digits without look-alikes (80 bits), shown in groups of four.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const recoveryHash = (accountId: string, code: string) =>
  hashToken(`recovery:${accountId}:${code.replace(/[\s-]+/g, '').toUpperCase()}`);

function newRecoveryCode(): string {
  const raw = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return raw.match(/.{4}/g)!.join('-');
}

function boxOf(secrets: SecretBox | null | undefined): SecretBox {
  if (!secrets) throw conflict(MFA_MSG.noSecretsKey);
  return secrets;
}

/** A passkey as listed: no key material. */
export const passkeyOf = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Whether the account has a confirmed app, its unused recovery codes and its passkeys: one statement. */
async function appFactorsOf(
  db: Database,
  accountId: string,
): Promise<{ totp: boolean; recoveryLeft: number; passkeys: number }> {
  const [row] = await db
    .select({
      totp: sql<boolean>`EXISTS (SELECT 1 FROM ${totpFactors} WHERE ${totpFactors.accountId} = ${accountId}
        AND ${totpFactors.confirmedAt} IS NOT NULL)`,
      recoveryLeft: sql<number>`(SELECT count(*) FROM ${recoveryCodes}
        WHERE ${recoveryCodes.accountId} = ${accountId} AND ${recoveryCodes.usedAt} IS NULL)::int`,
      passkeys: sql<number>`(SELECT count(*) FROM ${passkeys} WHERE ${passkeys.accountId} = ${accountId})::int`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? { totp: false, recoveryLeft: 0, passkeys: 0 };
}

/** The second factors an account may sign in with, strongest first (empty: no second step). */
export async function twoFactorMethodsOf(db: Database, account: Account): Promise<TwoFactorMethod[]> {
  const { totp, recoveryLeft, passkeys: passkeyCount } = await appFactorsOf(db, account.id);
  const methods: TwoFactorMethod[] = [];
  if (passkeyCount > 0) methods.push('passkey');
  if (totp) methods.push('totp');
  if ((totp || passkeyCount > 0) && recoveryLeft > 0) methods.push('recovery');
  if (account.twoFactorEnabled) methods.push('email');
  return methods;
}

export async function mfaStatusOf(db: Database, account: Account): Promise<MfaStatus> {
  const { totp, recoveryLeft } = await appFactorsOf(db, account.id);
  const own = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.accountId, account.id))
    .orderBy(asc(passkeys.createdAt));
  return { totp, recoveryCodesLeft: recoveryLeft, email: account.twoFactorEnabled, passkeys: own.map(passkeyOf) };
}

/** A new secret waiting for its first code; a confirmed app must be removed first. */
export async function startTotpSetup(db: Database, secrets: SecretBox | null | undefined, account: Account) {
  const box = boxOf(secrets);
  const [existing] = await db.select().from(totpFactors).where(eq(totpFactors.accountId, account.id));
  if (existing?.confirmedAt) throw conflict(MFA_MSG.totpAlreadyOn);
  const secret = generateSecret({ length: 20 });
  const sealed = box.seal(secret);
  await db
    .insert(totpFactors)
    .values({ accountId: account.id, secret: sealed })
    .onConflictDoUpdate({
      target: totpFactors.accountId,
      set: { secret: sealed, confirmedAt: null, lastTimeStep: null, createdAt: new Date() },
      // A confirm that won the race keeps its app: this set-up then changes nothing.
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ accountId: totpFactors.accountId })
    .then((rows) => {
      if (rows.length === 0) throw conflict(MFA_MSG.totpAlreadyOn);
    });
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: account.email, secret }) };
}

/**
 * Checks a code of the account's app under a row lock: within one step of drift, and each code
 * once (a step at or before the last one accepted is refused). Answers whether it was right; a
 * right code's step is kept. `confirmed` chooses the app in use or the one being set up.
 */
export async function checkTotp(
  tx: Database,
  secrets: SecretBox | null | undefined,
  accountId: string,
  code: string,
  now: Date,
  confirmed = true,
): Promise<boolean> {
  const box = boxOf(secrets);
  const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.accountId, accountId)).for('update');
  if (!factor || (confirmed ? !factor.confirmedAt : factor.confirmedAt)) return false;
  const result = await verify({
    secret: box.open(factor.secret),
    token: code.replace(/[\s-]+/g, ''),
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    ...(factor.lastTimeStep === null ? {} : { afterTimeStep: factor.lastTimeStep }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return false;
  // The step the code belongs to: now's step moved by the drift it matched at.
  const step = 'timeStep' in result ? result.timeStep : Math.floor(now.getTime() / 30_000) + result.delta;
  await tx
    .update(totpFactors)
    .set({ lastTimeStep: step, ...(confirmed ? {} : { confirmedAt: now }) })
    .where(eq(totpFactors.accountId, accountId));
  return true;
}

/** Ten new recovery codes in place of the old ones; answers them, the only time they are seen. */
export async function renewRecoveryCodes(tx: Database, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ accountId, codeHash: recoveryHash(accountId, code) })));
  return codes;
}

/** Spends one recovery code, if it is the account's and unused. */
export async function spendRecoveryCode(tx: Database, accountId: string, code: string, now: Date): Promise<boolean> {
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.accountId, accountId),
        eq(recoveryCodes.codeHash, recoveryHash(accountId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent !== undefined;
}

/** Confirms the app being set up with its first code; answers the recovery codes. */
export async function confirmTotp(
  db: Database,
  secrets: SecretBox | null | undefined,
  account: Account,
  code: string,
  now: Date,
  inTransaction: (tx: Database) => Promise<void>,
): Promise<string[]> {
  const answer = await db.transaction(async (tx) => {
    const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.accountId, account.id));
    if (!factor) return { kind: 'absent' as const };
    if (factor.confirmedAt) return { kind: 'on' as const };
    if (!(await checkTotp(tx, secrets, account.id, code, now, false))) return { kind: 'wrong' as const };
    const codes = await renewRecoveryCodes(tx, account.id);
    await inTransaction(tx);
    return { kind: 'ok' as const, codes };
  });
  if (answer.kind === 'absent') throw conflict(MFA_MSG.totpNotStarted);
  if (answer.kind === 'on') throw conflict(MFA_MSG.totpAlreadyOn);
  if (answer.kind === 'wrong') throw wrongCode();
  return answer.codes;
}

/**
 * Runs `change` once a current code of the account's app is checked, in the same transaction; with
 * `recoveryToo`, one of its recovery codes is spent in its place (a lost phone).
 */
export async function withTotpCode<T>(
  db: Database,
  secrets: SecretBox | null | undefined,
  account: Account,
  code: string,
  now: Date,
  change: (tx: Database) => Promise<T>,
  recoveryToo = false,
): Promise<T> {
  const answer = await db.transaction(async (tx) => {
    const [factor] = await tx
      .select({ confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.accountId, account.id));
    if (!factor?.confirmedAt) return { kind: 'off' as const };
    const recovery = recoveryToo && twoFactorCodeProblem('recovery', code) === null;
    const right = recovery
      ? await spendRecoveryCode(tx, account.id, code, now)
      : await checkTotp(tx, secrets, account.id, code, now);
    if (!right) return { kind: 'wrong' as const };
    return { kind: 'ok' as const, value: await change(tx) };
  });
  if (answer.kind === 'off') throw conflict(MFA_MSG.totpOff);
  if (answer.kind === 'wrong') throw wrongCode();
  return answer.value;
}

/** Removes the app once a current code of it, or one of its recovery codes, is checked. */
export function removeWithCode(
  db: Database,
  secrets: SecretBox | null | undefined,
  account: Account,
  code: string,
  now: Date,
  inTransaction: (tx: Database) => Promise<void>,
): Promise<void> {
  const change = async (tx: Database) => {
    await removeTotp(tx, account.id);
    await inTransaction(tx);
  };
  return withTotpCode(db, secrets, account, code, now, change, true);
}

/**
 * Removes the account's app, and its recovery codes unless a passkey is left for them to stand in
 * for (decision 037).
 */
export async function removeTotp(tx: Database, accountId: string): Promise<void> {
  await tx.delete(totpFactors).where(eq(totpFactors.accountId, accountId));
  const [left] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.accountId, accountId)).limit(1);
  if (!left) await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

const wrongCode = () => badRequest(MFA_MSG.codeWrong, [{ field: 'code', message: MFA_MSG.codeWrong }]);
