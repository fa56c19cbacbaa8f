import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, queryFlag, searchField, text } from './fields';

/**
 * API keys: the credential of a machine (the migration agent, an integration) that acts as the
 * account that created it, within its scopes (docs/decisions/032-api-keys.md). A key is
 * `mhk_` followed by 43 URL-safe characters (256 random bits): the fixed prefix lets the guard tell
 * a key from a session token without a lookup, and secret scanners find a leaked one.
 */
export const API_KEY_PREFIX = 'mhk_';
/** How many characters of the key (prefix included) are kept in the clear to tell keys apart. */
export const API_KEY_SHOWN_LENGTH = 12;

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * What a key may call: `agent`, the migration tool's `/Agent/...` calls; `read`, every read its
 * owner may make (lists, reports, exports, the forecast). Neither reaches account, password, 2FA,
 * key or webhook management (permissions.ts, keyScopeOf).
 */
export const API_KEY_SCOPES = ['agent', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  agent: 'Migration agent',
  read: 'Read only',
};

export const API_KEY_SCOPE_HINTS: Record<ApiKeyScope, string> = {
  agent: 'Registers machines, runs jobs and mailboxes, and draws license units as you.',
  read: 'Reads the lists, reports and CSV exports you can see. Changes nothing.',
};

export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_DEFAULT_DAYS = 365;
export const API_KEY_MAX_DAYS = 730;

export const API_KEY_MSG = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must not be longer than ${API_KEY_NAME_MAX_LENGTH} characters.`,
  scopesRequired: 'Choose at least one scope',
  scopeRepeated: 'Each scope can be chosen once only',
  expiryNumber: 'Enter the number of days, from 1 to 730',
  expiryWhole: 'The expiry must be a whole number of days',
  expiryRange: `A key must expire within 1 to ${API_KEY_MAX_DAYS} days`,
  notFound: 'API key not found.',
  alreadyRevoked: 'This API key is already revoked.',
  scopeRefused: 'This API key may not call this endpoint.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked.',
} as const;

export type ApiKeyStatus = 'Active' | 'Expired' | 'Revoked';

/** `POST /ApiKey`: a key for the caller. */
export const createApiKeySchema = inputObject({
  name: text({ error: API_KEY_MSG.nameRequired })
    .trim()
    .min(1, API_KEY_MSG.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, API_KEY_MSG.nameTooLong),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: API_KEY_MSG.scopesRequired })
    .min(1, API_KEY_MSG.scopesRequired)
    .max(API_KEY_SCOPES.length, API_KEY_MSG.scopeRepeated)
    .refine((scopes) => new Set(scopes).size === scopes.length, API_KEY_MSG.scopeRepeated),
  expiresInDays: z
    .number({ error: API_KEY_MSG.expiryNumber })
    .int(API_KEY_MSG.expiryWhole)
    .min(1, API_KEY_MSG.expiryRange)
    .max(API_KEY_MAX_DAYS, API_KEY_MSG.expiryRange)
    .default(API_KEY_DEFAULT_DAYS),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

/** The answer of `POST /ApiKey`: the only time the whole key is ever shown. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  key: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expiresAt: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** A key as listed: never the key, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  status: z.enum(['Active', 'Expired', 'Revoked']),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/**
 * `GET /ApiKey`: the caller's keys; an Admin's list also holds the keys of the accounts in its
 * scope (`mine=true` keeps only its own). Active keys first, then newest first.
 */
export const apiKeyListQuerySchema = inputObject({
  search: searchField,
  mine: queryFlag,
  pageNumber: pageNumberField,
  pageSize: pageSizeField(200, 50),
});
export type ApiKeyListQuery = z.input<typeof apiKeyListQuerySchema>;

export const apiKeyParamsSchema = inputObject({ id: idField });
