import { z } from 'zod';
import { emailField } from './login';
import { idField, inputObject, text } from './fields';

/**
 * Single sign-on with OpenID Connect per organisation (docs/decisions/038-single-sign-on.md): the
 * top Admin's settings, the test of an issuer's discovery, and the one-time code the web app
 * exchanges for its session after the provider's callback.
 */
export const SSO_ROLES = ['User', 'Auditor', 'Admin'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];
export const MAX_SSO_DOMAINS = 50;

export const SSO_MSG = {
  saved: 'Single sign-on saved.',
  secretRequired: 'Client secret is required.',
  domainInvalid: (domain: string) => `${domain} is not a domain name (for example example.com).`,
  domainTaken: (domain: string) => `${domain} is owned by another organisation.`,
  domainsRequired: 'Enter at least one email domain.',
  issuerInvalid: 'Issuer must be an https:// address without credentials, query or fragment.',
  breakGlassInvalid: 'The break-glass account must be an active Admin of your organisation.',
  breakGlassRequired: 'Choose a break-glass Admin before enforcing single sign-on.',
  topAdminOnly: 'Only the Admin at the top of the organisation manages single sign-on.',
  noSecretsKey: 'Single sign-on needs SECRETS_KEY on the server: ask your operator to set it.',
  exchangeInvalid: 'This sign-in link has expired or was already used. Sign in again.',
} as const;

/** A domain name as typed: trimmed, lower case, a real host name with a dot, no IP address. */
export const ssoDomainField = text()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(
    (value) => /^(?=.{3,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/.test(value),
    { error: (issue) => SSO_MSG.domainInvalid(String(issue.input)) },
  );

/** An issuer: http(s), no credentials, query or fragment; the server allows http only to a loopback test provider. */
export const issuerField = text()
  .trim()
  .min(1, 'Issuer is required')
  .max(500)
  // No URL class here (contracts has no DOM or Node types): scheme, host[:port], then a path only.
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s?#@]*)?$/i, SSO_MSG.issuerInvalid);

export const ssoSettingsRequestSchema = inputObject({
  issuer: issuerField,
  clientId: text().trim().min(1, 'Client ID is required').max(500),
  /** Write-only: absent or empty keeps the stored one. */
  clientSecret: text().max(1000).optional(),
  domains: z.array(ssoDomainField).min(1, SSO_MSG.domainsRequired).max(MAX_SSO_DOMAINS),
  defaultRole: z.enum(SSO_ROLES).default('User'),
  enforced: z.boolean().default(false),
  breakGlassAccountId: idField.nullable().default(null),
});
export type SsoSettingsRequest = z.input<typeof ssoSettingsRequestSchema>;

const accountChoice = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  /** The secret is never answered: only whether one is stored. */
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  defaultRole: z.enum(SSO_ROLES),
  enforced: z.boolean(),
  breakGlassAccountId: z.string().nullable(),
  /** The address to register at the provider as the redirect URI. */
  redirectUri: z.string(),
  /** The organisation's active Admins: the break-glass choices. */
  admins: z.array(accountChoice),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoTestRequestSchema = inputObject({ issuer: issuerField });
export const ssoTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  issuer: z.string().nullable(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  jwksUri: z.string().nullable(),
});
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;

/** `GET /Sso/start?email=`: loose, so a bad address is sent back to the login page, not a JSON 400. */
export const ssoStartQuerySchema = z.looseObject({ email: text().max(254).default('') });
export { emailField as ssoEmailField };

/** What the provider sends back: `code`, `state` and `iss`, or `error`. */
export const ssoCallbackQuerySchema = z.looseObject({
  code: text().max(2048).optional(),
  state: text().max(512).optional(),
  iss: text().max(500).optional(),
  error: text().max(200).optional(),
  error_description: text().max(1000).optional(),
});

export const ssoExchangeRequestSchema = inputObject({ code: text().trim().min(1, 'Code is required').max(128) });
