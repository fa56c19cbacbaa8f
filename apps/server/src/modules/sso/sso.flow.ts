import { and, eq, gt, isNull } from 'drizzle-orm';
import * as client from 'openid-client';
import { emailField, type LoginResponse } from '@portal/contracts/login';
import { SSO_MSG } from '@portal/contracts/sso';
import type { SsoErrorCode } from '@portal/contracts/sso-errors';
import { findAccountByEmail, normalizeEmail } from '../../core/email';
import { AppError, badRequest } from '../../core/errors';
import { tenantOf } from '../../core/tenant';
import type { Database } from '../../db/client';
import { type Account, accounts, ssoConnections, ssoDomains, ssoLogins } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { insertAccount } from '../accounts';
import { openNextSession } from '../sessions';
import { amrSaysMfa, discover } from './sso.provider';
import type { SsoDeps } from './sso.settings';

/** A sign-in in flight at the provider: ten minutes from the start to the callback. */
export const LOGIN_MINUTES = 10;
/** The one-time code the web app exchanges: one minute. */
export const EXCHANGE_SECONDS = 60;
/** The cookie that binds a sign-in to the browser that started it. */
export const BROWSER_COOKIE = 'portal_sso';

/** A refusal on the browser's way: where to send it back, with the code the login page explains. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    readonly detail: string = code,
    /** The email the sign-in started with: the audit row's actor, so it lands in its organisation's trail. */
    readonly email: string | null = null,
  ) {
    super(detail);
    this.name = 'SsoRefusal';
  }
}

/** The domain of an email, lower case. */
const domainOf = (email: string) => normalizeEmail(email).split('@').pop() ?? '';

async function connectionOfDomain(db: Database, domain: string) {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.tenantId, ssoDomains.tenantId))
    .where(eq(ssoDomains.domain, domain));
  return row?.connection;
}

/**
 * `GET /Sso/start`: finds the organisation by the email's domain, records the sign-in in flight
 * (hashes of its state and of the browser's cookie, its nonce, its sealed PKCE verifier) and
 * answers the provider's authorization address.
 */
export async function startSignIn(
  deps: SsoDeps,
  typed: string,
  browser: string,
  now: Date,
): Promise<{ url: string; tenantId: string }> {
  const parsed = emailField.safeParse(typed);
  if (!parsed.success) throw new SsoRefusal('bad-email');
  const email = normalizeEmail(parsed.data);
  const connection = await connectionOfDomain(deps.db, domainOf(email));
  if (!connection) throw new SsoRefusal('unknown-domain', `domain ${domainOf(email)}`);
  const box = deps.secrets;
  if (!box) throw new SsoRefusal('provider-unreachable', 'no SECRETS_KEY', email);
  let config: client.Configuration;
  try {
    config = await discover(deps.access, { issuer: connection.issuer, clientId: connection.clientId });
  } catch (error) {
    throw new SsoRefusal('provider-unreachable', errorText(error), email);
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await deps.db.insert(ssoLogins).values({
    tenantId: connection.tenantId,
    stateHash: hashToken(state),
    browserHash: hashToken(browser),
    nonce,
    codeVerifier: box.seal(verifier),
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_MINUTES * 60_000),
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: deps.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email,
  });
  return { url: url.href, tenantId: connection.tenantId };
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, 200);
}

export interface CallbackOutcome {
  code: string;
  account: Account;
  tenantId: string;
  created: boolean;
  providerMfa: boolean;
}

/**
 * `GET /Sso/callback`: the sign-in in flight is claimed by its state, once, unexpired, from the
 * browser that started it; openid-client exchanges the code (PKCE verifier, state, nonce, the
 * issuer, the ID token's signature, audience and expiry). The ID token's email must be verified (or
 * not said otherwise) and of a domain the organisation owns. An account of the organisation signs
 * in; an unknown address is created under the organisation's top account with its default role.
 * Answers the one-time code the web app exchanges.
 */
export async function finishAtProvider(
  deps: SsoDeps,
  currentUrl: URL,
  query: { state?: string | undefined; error?: string | undefined },
  browser: string | undefined,
  now: Date,
  onCreated: (tx: Database, account: Account) => Promise<void>,
): Promise<CallbackOutcome> {
  const { login, connection, state } = await claimLogin(deps, query, browser, now);
  const refuse = (code: SsoErrorCode, detail?: string) => new SsoRefusal(code, detail, login.email);
  const claims = await idTokenClaims(deps, connection, login, currentUrl, state).catch((error: unknown) => {
    throw refuse('invalid-response', errorText(error));
  });
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (claims.email_verified === false) throw refuse('email-unverified', `email ${email} unverified`);
  if (!emailField.safeParse(email).success) throw refuse('email-not-owned', 'no email claim');
  const owner = await connectionOfDomain(deps.db, domainOf(email));
  if (owner?.tenantId !== login.tenantId) throw refuse('email-not-owned', `domain ${domainOf(email)}`);
  const providerMfa = amrSaysMfa(claims.amr);

  const existing = await findAccountByEmail(deps.db, email);
  if (existing) {
    if ((await tenantOf(deps.db, existing.id)) !== login.tenantId) throw refuse('other-organisation', email);
    if (!existing.active) throw refuse('inactive', existing.id);
  }
  const code = newToken();
  const passwordHash = existing ? '' : await hashPassword(newToken());
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0]!;
  let created = false;
  const account = await deps.db.transaction(async (tx) => {
    let signedIn = existing;
    if (!signedIn) {
      // The Admin path of Create User (modules/accounts): the row, its closure and its Default pool.
      signedIn = await insertAccount(tx, {
        email,
        name,
        roles: [connection.defaultRole],
        parentId: login.tenantId,
        passwordHash,
        now,
        signsInWithSso: true,
      }).catch((error: unknown) => {
        throw error instanceof AppError ? refuse('other-organisation', 'created meanwhile') : error;
      });
      created = true;
      await onCreated(tx, signedIn);
    }
    await tx
      .update(ssoLogins)
      .set({
        accountId: signedIn.id,
        exchangeHash: hashToken(code),
        exchangeExpiresAt: new Date(now.getTime() + EXCHANGE_SECONDS * 1000),
        providerMfa,
      })
      .where(eq(ssoLogins.id, login.id));
    return signedIn;
  });
  return { code, account, tenantId: login.tenantId, created, providerMfa };
}

/**
 * The sign-in in flight of this state, claimed at once whatever follows (a state works one time
 * only), unexpired, from the browser that started it, with its organisation's connection.
 */
async function claimLogin(
  deps: SsoDeps,
  query: { state?: string | undefined; error?: string | undefined },
  browser: string | undefined,
  now: Date,
) {
  const state = query.state;
  if (!state) throw new SsoRefusal('invalid-response', 'no state');
  const [login] = await deps.db
    .update(ssoLogins)
    .set({ expiresAt: now })
    .where(
      and(
        eq(ssoLogins.stateHash, hashToken(state)),
        gt(ssoLogins.expiresAt, now),
        isNull(ssoLogins.exchangeHash),
        isNull(ssoLogins.usedAt),
      ),
    )
    .returning();
  if (!login) throw new SsoRefusal('expired', 'unknown, used or expired state');
  if (!browser || hashToken(browser) !== login.browserHash)
    throw new SsoRefusal('other-browser', undefined, login.email);
  if (query.error) throw new SsoRefusal('provider-error', `provider error ${query.error.slice(0, 60)}`, login.email);
  const [connection] = await deps.db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, login.tenantId));
  if (!connection || !deps.secrets) throw new SsoRefusal('provider-unreachable', 'connection removed', login.email);
  return { login, connection, state };
}

/**
 * openid-client's authorization code grant: the PKCE verifier, state and nonce of the sign-in, the
 * issuer, the ID token's signature (the provider's keys, through the guard), audience and expiry.
 */
async function idTokenClaims(
  deps: SsoDeps,
  connection: SsoConnection,
  login: SsoLogin,
  currentUrl: URL,
  state: string,
): Promise<client.IDToken> {
  const secrets = deps.secrets!;
  const config = await discover(deps.access, {
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: secrets.open(connection.clientSecret),
  });
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: secrets.open(login.codeVerifier),
    expectedState: state,
    expectedNonce: login.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  return claims;
}

type SsoConnection = typeof ssoConnections.$inferSelect;
type SsoLogin = typeof ssoLogins.$inferSelect;

/**
 * `POST /Sso/exchange`: the one-time code, once, within its minute, from the browser that started,
 * opens the session the account needs next, as the password login does. The provider's MFA counts
 * as the second factor.
 */
export async function exchangeCode(
  deps: SsoDeps,
  code: string,
  browser: string | undefined,
  now: Date,
  inTransaction: (
    tx: Database,
    signedIn: { account: Account; response: LoginResponse; providerMfa: boolean },
  ) => Promise<void>,
): Promise<{ account: Account; response: LoginResponse; providerMfa: boolean }> {
  if (!browser) throw badRequest(SSO_MSG.exchangeInvalid);
  return deps.db.transaction(async (tx) => {
    const [login] = await tx
      .update(ssoLogins)
      .set({ usedAt: now })
      .where(
        and(
          eq(ssoLogins.exchangeHash, hashToken(code)),
          eq(ssoLogins.browserHash, hashToken(browser)),
          isNull(ssoLogins.usedAt),
          gt(ssoLogins.exchangeExpiresAt, now),
        ),
      )
      .returning();
    if (!login?.accountId) throw badRequest(SSO_MSG.exchangeInvalid);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, login.accountId));
    if (!account?.active) throw new AppError(403, 'This account is inactive. Please contact your administrator.');
    const response = await openNextSession({ ...deps, db: tx }, account, now, {
      providerMfa: login.providerMfa,
      sso: true,
    });
    const signedIn = { account, response, providerMfa: login.providerMfa };
    await inTransaction(tx, signedIn);
    return signedIn;
  });
}
