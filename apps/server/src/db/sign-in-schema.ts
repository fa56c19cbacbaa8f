// What enterprise sign-in keeps (decision 036): passkeys, an organisation's single sign-on and its
// MFA policy. An organisation is a tenant: the account at the top of a tree (core/tenant.ts).
// Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, sessions } from './accounts-schema';
import { createdAt } from './columns';

/**
 * A passkey (a WebAuthn credential) of an account: its public key and signature counter. Nothing
 * secret is kept: the private key never leaves the person's authenticator.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** singleDevice or multiDevice (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('passkeys_account_idx').on(t.accountId),
    check('passkeys_name_valid', sql`${t.name} = btrim(${t.name}) AND length(${t.name}) BETWEEN 1 AND 100`),
    check('passkeys_counter_nonnegative', sql`${t.counter} >= 0`),
  ],
);

/**
 * A WebAuthn challenge the server gave out, used once within its minutes: for registering a
 * passkey (bound to the full session), for a passkey as the second factor (bound to the pending
 * two-factor session), or for signing in with a passkey alone (bound to nothing but its id).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<'register' | 'second-factor' | 'passwordless'>().notNull(),
    sessionId: uuid('session_id').references(() => sessions.id),
    challenge: text('challenge').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('passkey_challenges_session_idx').on(t.sessionId),
    index('passkey_challenges_expiry_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_valid', sql`${t.purpose} IN ('register', 'second-factor', 'passwordless')`),
    check('passkey_challenges_session_bound', sql`(${t.purpose} = 'passwordless') = (${t.sessionId} IS NULL)`),
  ],
);

/**
 * An organisation's own settings of sign-in: its MFA policy. A missing row is the default,
 * `optional`.
 */
export const organisationSecurity = pgTable(
  'organisation_security',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => accounts.id),
    mfaPolicy: text('mfa_policy').$type<'optional' | 'required' | 'phishing-resistant'>().notNull().default('optional'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => accounts.id),
  },
  (t) => [
    check('organisation_mfa_policy_valid', sql`${t.mfaPolicy} IN ('optional', 'required', 'phishing-resistant')`),
  ],
);

/**
 * An organisation's identity provider (OpenID Connect). The client secret is sealed under
 * SECRETS_KEY (lib/secret-box.ts) and never read back to a screen. With `enforced`, accounts of
 * its domains cannot sign in with a password, except the named break-glass account.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => accounts.id),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret_enc').notNull(),
    defaultRole: text('default_role').$type<'Admin' | 'Auditor' | 'User'>().notNull().default('User'),
    enforced: boolean('enforced').notNull().default(false),
    breakGlassAccountId: uuid('break_glass_account_id').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sso_default_role_valid', sql`${t.defaultRole} IN ('Admin', 'Auditor', 'User')`),
    check('sso_issuer_https', sql`${t.issuer} ~ '^https?://'`),
  ],
);

/** An email domain an organisation's identity provider owns: one organisation per domain. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => ssoConnections.tenantId, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sso_domains_tenant_idx').on(t.tenantId),
    check('sso_domains_lower', sql`${t.domain} = lower(btrim(${t.domain})) AND length(${t.domain}) BETWEEN 3 AND 253`),
  ],
);

/**
 * A sign-in through an identity provider, from the start (its state, nonce and PKCE verifier,
 * bound to the browser that started by a cookie's hash) to the one-time code the web app
 * exchanges for its session. Only hashes of the state, the browser cookie and the code are kept;
 * the verifier is sealed.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => accounts.id),
    stateHash: text('state_hash').notNull().unique(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier_enc').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the provider answered: the account signed in and the code the app exchanges. */
    accountId: uuid('account_id').references(() => accounts.id),
    exchangeHash: text('exchange_hash').unique(),
    exchangeExpiresAt: timestamp('exchange_expires_at', { withTimezone: true }),
    /** Whether the provider said the person passed its MFA (`amr`). */
    providerMfa: boolean('provider_mfa').notNull().default(false),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sso_logins_expiry_idx').on(t.expiresAt)],
);
