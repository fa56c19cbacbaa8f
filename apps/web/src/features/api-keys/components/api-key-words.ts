import { t } from '@lingui/core/macro';
import type { ApiKeyScope, ApiKeyStatus } from '@portal/contracts/api-keys';

// The API keys screen's words for the values the API sends in English (a key's status, its
// scopes), in the language shown: the values themselves stay as sent (filters, requests, the API).

export const statusLabel = (status: ApiKeyStatus): string =>
  ({ Active: t`Active`, Expired: t`Expired`, Revoked: t`Revoked` })[status];

/** API_KEY_SCOPE_LABELS' names, said in the language shown. */
export const scopeLabel = (scope: ApiKeyScope): string => ({ agent: t`Migration agent`, read: t`Read only` })[scope];

/** API_KEY_SCOPE_HINTS: what each scope allows. */
export const scopeHint = (scope: ApiKeyScope): string =>
  ({
    agent: t`Registers machines, runs jobs and mailboxes, and draws license units as you.`,
    read: t`Reads the lists, reports and CSV exports you can see. Changes nothing.`,
  })[scope];

/** A key's scopes as a list, in the contracts' order. */
export const scopesText = (scopes: readonly ApiKeyScope[]): string => scopes.map(scopeLabel).join(', ');
