import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { MFA_MSG, RECOVERY_CODE_COUNT, twoFactorCodeProblem, type TwoFactorMethod } from '@portal/contracts/mfa';
import type { Database } from '../../db/client';
import { type Account, passkeys, recoveryCodes, totpFactors } from '../../db/schema';
import { rowsOf } from '../../db/rows';
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

/** Whether the account has a confirmed app, its unused recovery codes and a passkey: one statement. */
async function appFactorsOf(
  db: Database,
  accountId: string,
): Promise<{ totp: boolean; recoveryLeft: number; passkey: boolean }> {
  const [row] = rowsOf<{ totp: boolean; recovery_left: number | string; passkey: boolean }>(
    await db.execute(sql`SELECT
      EXISTS (SELECT 1 FROM ${totpFactors} t WHERE t.account_id = ${accountId} AND t.confirmed_at IS NOT NULL) AS totp,
      (SELECT count(*) FROM ${recoveryCodes} r WHERE r.account_id = ${accountId} AND r.used_at IS NULL)::int AS recovery_left,
      EXISTS (SELECT 1 FROM ${passkeys} p WHERE p.account_id = ${accountId}) AS passkey`),
  );
  const totp = row?.totp === true;
  return { totp, recoveryLeft: totp ? Number(row?.recovery_left ?? 0) : 0, passkey: row?.passkey === true };
}

/** The second factors an account may sign in with, strongest first (empty: no second step). */
export async function twoFactorMethodsOf(db: Database, account: Account): Promise<TwoFactorMethod[]> {
  const { totp, recoveryLeft, passkey } = await appFactorsOf(db, account.id);
  const methods: TwoFactorMethod[] = [];
  if (passkey) methods.push('passkey');
  if (totp) methods.push('totp');
  if ((totp || passkey) && recoveryLeft > 0) methods.push('recovery');
  if (account.twoFactorEnabled) methods.push('email');
  return methods;
}

export async function mfaStatusOf(db: Database, account: Account) {
  const { totp, recoveryLeft } = await appFactorsOf(db, account.id);
  return { totp, recoveryCodesLeft: recoveryLeft, email: account.twoFactorEnabled };
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

/** Removes the account's app and its recovery codes. */
export async function removeTotp(tx: Database, accountId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await tx.delete(totpFactors).where(eq(totpFactors.accountId, accountId));
}

const wrongCode = () => badRequest(MFA_MSG.codeWrong, [{ field: 'code', message: MFA_MSG.codeWrong }]);
