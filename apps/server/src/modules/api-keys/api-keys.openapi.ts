import type { RouteDocs } from '../../core/endpoint';

const tags = ['API keys'];

/** How the OpenAPI document describes each route of api-keys.routes.ts, by endpoint name. */
export const DOCS = {
  apiKeys: {
    tags,
    summary: 'List API keys',
    description:
      'The caller’s keys; an Admin’s list also holds the keys of the accounts below it (`mine=true` keeps only its ' +
      'own). Live keys first, then newest first. Never the key itself: `prefix` is its first 12 characters. ' +
      'Status is Active, Expired or Revoked; lastUsedAt and lastUsedIp are written at most once a minute per key.',
  },
  createApiKey: {
    tags,
    summary: 'Create an API key',
    description:
      'A key that acts as the caller within its scopes: `agent` (the /Agent calls of the migration tool) and `read` ' +
      '(every read the caller may make: lists, reports, POST /Report, POST /Forecast, the CSV exports). No key ever ' +
      'reaches account, password, 2FA, key or webhook management. It expires after expiresInDays (default 365, at ' +
      'most 730). The answer holds the whole key, `mhk_` and 43 characters, the only time it is shown: the server ' +
      'keeps a keyed hash. Send it as `Authorization: Bearer mhk_…`. A key stops when it is revoked (on every ' +
      'instance within a second), when it expires, and when its owner is deactivated or transferred. Each key may ' +
      'make API_KEY_RATE_LIMIT_PER_MINUTE requests a minute per instance (429 with Retry-After past that).',
    refusals: { 400: 'No name, no scope, a scope twice, or an expiry outside 1 to 730 days.' },
  },
  revokeApiKey: {
    tags,
    summary: 'Revoke an API key',
    description:
      'The owner revokes its own key; an Admin also those of the accounts below it. Programs using the key get 401 ' +
      'from then on, on every instance. Answers the key as it now is.',
    refusals: {
      404: 'No key with this id that the caller may see.',
      409: 'The key is already revoked.',
    },
  },
} satisfies Record<string, RouteDocs>;
