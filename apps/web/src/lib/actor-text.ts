import { t } from '@lingui/core/macro';

/**
 * "Alex Admin via key 'Migrator'": who moved units or ran a job, and through which API key, in the
 * language shown. Its message is in each area that shows it, `stock`, `reports` and `insight`
 * (lingui.config.ts lists this file in each), so no screen loads another's catalogue.
 */
export function actorText(actor: string | null, apiKeyName: string | null | undefined): string | null {
  if (actor === null || !apiKeyName) return actor;
  // ICU quotes text between apostrophes: '' is one apostrophe.
  return t`${actor} via key ''${apiKeyName}''`;
}
