import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type addPasskeyRequestSchema,
  MFA_MSG,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyOptions,
} from '@portal/contracts/mfa';
import type { Database } from '../../db/client';
import { type Account, accounts, passkeys, recoveryCodes, totpFactors } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../core/errors';
import { passkeyOf, renewRecoveryCodes } from './totp.service';
import {
  challengeOf,
  type RelyingParty,
  RP_NAME,
  spendChallenge,
  storeChallenge,
  TIMEOUT_MS,
} from './passkey-challenges';

export { relyingPartyOf, type RelyingParty } from './passkey-challenges';

/**
 * EdDSA, ES256 and RS256: what authenticators make and Node verifies without experimental
 * features. (The library's default adds ML-DSA, which Chromium's authenticator then prefers.)
 */
const SIGNATURE_ALGORITHMS = [-8, -7, -257];

type Row = typeof passkeys.$inferSelect;

export async function passkeysOf(db: Database, accountId: string): Promise<Row[]> {
  return db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.createdAt));
}

/** `POST /User/mfa/passkeys/options`: options to make a discoverable passkey, its challenge bound to the session. */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  account: Account,
  sessionId: string,
  now: Date,
) {
  const existing = await passkeysOf(db, account.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: SIGNATURE_ALGORITHMS,
  });
  await storeChallenge(db, 'register', sessionId, options.challenge, now);
  return options as unknown as PasskeyOptions;
}

/** Whether the account has a strong factor (a confirmed app or a passkey) or unused recovery codes. */
async function strongFactorsOf(tx: Database, accountId: string) {
  const [row] = await tx
    .select({
      strong: sql<boolean>`EXISTS (SELECT 1 FROM ${totpFactors} WHERE ${totpFactors.accountId} = ${accountId}
          AND ${totpFactors.confirmedAt} IS NOT NULL)
        OR EXISTS (SELECT 1 FROM ${passkeys} WHERE ${passkeys.accountId} = ${accountId})`,
      recovery: sql<boolean>`EXISTS (SELECT 1 FROM ${recoveryCodes} WHERE ${recoveryCodes.accountId} = ${accountId}
          AND ${recoveryCodes.usedAt} IS NULL)`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { strong: row?.strong ?? false, recovery: row?.recovery ?? false };
}

type AddInput = z.infer<typeof addPasskeyRequestSchema>;

/**
 * Verifies the browser's new credential against the session's challenge and keeps it. The first
 * strong factor of an account without recovery codes brings ten, answered this once.
 */
export async function addPasskey(
  db: Database,
  rp: RelyingParty,
  account: Account,
  sessionId: string,
  input: AddInput,
  now: Date,
  inTransaction: (tx: Database) => Promise<void>,
): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
  const verdict = await db.transaction(async (tx) => {
    const spent = await spendChallenge(
      tx,
      'register',
      { sessionId },
      challengeOf(input.response.response.clientDataJSON),
      now,
    );
    if (spent !== 'ok') return { kind: spent } as const;
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: () => true, // the challenge was matched and spent above
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) return { kind: 'failed' } as const;
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (taken) return { kind: 'duplicate' } as const;
    const before = await strongFactorsOf(tx, account.id);
    const [row] = await tx
      .insert(passkeys)
      .values({
        accountId: account.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
        createdAt: now,
      })
      .returning();
    const codes = !before.strong && !before.recovery ? await renewRecoveryCodes(tx, account.id) : null;
    await inTransaction(tx);
    return { kind: 'ok', passkey: passkeyOf(row!), recoveryCodes: codes } as const;
  });
  if (verdict.kind === 'ok') return { passkey: verdict.passkey, recoveryCodes: verdict.recoveryCodes };
  if (verdict.kind === 'duplicate') throw conflict(MFA_MSG.passkeyDuplicate);
  if (verdict.kind === 'expired') throw badRequest(MFA_MSG.passkeyExpired);
  throw badRequest(MFA_MSG.passkeyFailed);
}

/** Renames one of the account's own passkeys (in the caller's transaction). */
export async function renamePasskey(tx: Database, accountId: string, id: string, name: string): Promise<Passkey> {
  const [row] = await tx
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
    .returning();
  if (!row) throw notFound(MFA_MSG.passkeyNotFound);
  return passkeyOf(row);
}

/**
 * Removes one of the account's own passkeys (in the caller's transaction). The last strong factor
 * takes the recovery codes with it, as removing the app does (decision 035).
 */
export async function removePasskey(tx: Database, accountId: string, id: string): Promise<void> {
  const [gone] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
    .returning({ id: passkeys.id });
  if (!gone) throw notFound(MFA_MSG.passkeyNotFound);
  if (!(await strongFactorsOf(tx, accountId)).strong)
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
}

/** Removes every passkey of the account (Transfer Account: they belonged to the previous person). */
export async function removePasskeys(tx: Database, accountId: string): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
}

/** `POST /User/passkey/challenge`: options to sign the pending sign-in's challenge with one of the account's passkeys. */
export async function secondFactorOptions(
  db: Database,
  rp: RelyingParty,
  accountId: string,
  sessionId: string,
  now: Date,
) {
  const own = await passkeysOf(db, accountId);
  if (own.length === 0) throw badRequest(MFA_MSG.passkeyNone);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await storeChallenge(db, 'second-factor', sessionId, options.challenge, now);
  return options as unknown as PasskeyOptions;
}

/**
 * Checks an assertion with the passkey it names, under a row lock on the passkey: the signature,
 * origin and RP id, and a counter that moved forward (when the authenticator counts). A right
 * answer moves the counter and stamps the last use. `accountId` restricts the passkeys to one
 * account's (the second factor); null takes any (a sign-in with a passkey alone).
 */
async function checkAssertion(
  tx: Database,
  rp: RelyingParty,
  accountId: string | null,
  response: PasskeyAssertion,
  requireUserVerification: boolean,
  now: Date,
): Promise<Row | null> {
  const [row] = await tx
    .select()
    .from(passkeys)
    .where(
      and(eq(passkeys.credentialId, response.id), accountId === null ? undefined : eq(passkeys.accountId, accountId)),
    )
    .for('update');
  if (!row) return null;
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: () => true, // matched and spent by the caller
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      counter: row.counter,
      transports: row.transports,
    },
    requireUserVerification,
  }).catch(() => null);
  if (!verified?.verified) return null;
  await tx
    .update(passkeys)
    .set({
      counter: verified.authenticationInfo.newCounter,
      lastUsedAt: now,
      backedUp: verified.authenticationInfo.credentialBackedUp,
    })
    .where(eq(passkeys.id, row.id));
  return row;
}

/**
 * The passkey as second factor, inside the pending sign-in's transaction (two-factor.service's
 * verifyTwoFactor): the challenge given to this session, spent once, and one of the account's own
 * passkeys. A wrong, replayed or foreign answer is a wrong code.
 */
export async function checkSecondFactorPasskey(
  tx: Database,
  rp: RelyingParty,
  accountId: string,
  sessionId: string,
  answer: string,
  now: Date,
): Promise<boolean> {
  let response: PasskeyAssertion;
  try {
    response = JSON.parse(answer) as PasskeyAssertion;
  } catch {
    return false;
  }
  const spent = await spendChallenge(
    tx,
    'second-factor',
    { sessionId },
    challengeOf(response?.response?.clientDataJSON ?? ''),
    now,
  );
  if (spent !== 'ok') return false;
  return (await checkAssertion(tx, rp, accountId, response, false, now)) !== null;
}

/** `POST /User/passkey/login-options`: a challenge for any discoverable passkey of this portal, and its id. */
export async function passwordlessOptions(db: Database, rp: RelyingParty, now: Date) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: [],
  });
  const challengeId = await storeChallenge(db, 'passwordless', null, options.challenge, now);
  return { challengeId, options: options as unknown as PasskeyOptions };
}

/**
 * A sign-in with a passkey alone: the challenge of this id, spent once whatever the outcome, and
 * a passkey that verified its person (user verification). Answers the passkey's account; the
 * caller opens the session as the login would.
 */
export async function verifyPasswordless(
  db: Database,
  rp: RelyingParty,
  input: { challengeId: string; response: PasskeyAssertion },
  now: Date,
): Promise<Account> {
  const verdict = await db.transaction(async (tx) => {
    const spent = await spendChallenge(
      tx,
      'passwordless',
      { id: input.challengeId },
      challengeOf(input.response.response.clientDataJSON),
      now,
    );
    if (spent !== 'ok') return { kind: spent } as const;
    const row = await checkAssertion(tx, rp, null, input.response, true, now);
    if (!row) return { kind: 'failed' } as const;
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
    return account ? ({ kind: 'ok', account } as const) : ({ kind: 'failed' } as const);
  });
  if (verdict.kind === 'ok') return verdict.account;
  if (verdict.kind === 'expired') throw badRequest(MFA_MSG.passkeyExpired);
  throw badRequest(MFA_MSG.passkeyFailed);
}
