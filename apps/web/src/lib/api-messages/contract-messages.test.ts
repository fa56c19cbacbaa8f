import { IMPORT_MSG } from '@portal/contracts/account-import-messages';
import { IMPORT_FIELD_MSG } from '@portal/contracts/account-imports';
import { ALERT_MSG } from '@portal/contracts/alerts';
import { ALLOCATION_MSG } from '@portal/contracts/allocations';
import { API_KEY_MSG } from '@portal/contracts/api-keys';
import { BULK_MSG } from '@portal/contracts/bulk';
import { COMPLETENESS_MSG } from '@portal/contracts/completeness';
import { FORECAST_MSG } from '@portal/contracts/forecast';
import { LICENSE_MSG } from '@portal/contracts/licenses';
import { MSG } from '@portal/contracts/messages';
import { MFA_MSG } from '@portal/contracts/mfa';
import {
  COMMON_PASSWORD_MESSAGE,
  passwordPolicyErrors,
  WEAK_PASSWORD_MESSAGE,
} from '@portal/contracts/password-policy';
import { REPORT_MSG, TIME_ZONE_MSG } from '@portal/contracts/reports';
import { UNKNOWN_PAGE } from '@portal/contracts/saved-view-links';
import { SAVED_VIEW_MSG } from '@portal/contracts/saved-views';
import { LANGUAGE_SETTING_MSG, TIME_ZONE_SETTING_MSG } from '@portal/contracts/settings';
import { SSO_MSG } from '@portal/contracts/sso';
import { WEBHOOK_MSG } from '@portal/contracts/webhooks';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from './contract-messages';
import { SERVER_MESSAGES } from './server-messages';

/** Every message constant the contracts export: a new one must be listed in contract-messages.ts. */
const CONSTANTS = {
  IMPORT_MSG,
  IMPORT_FIELD_MSG,
  ALERT_MSG,
  ALLOCATION_MSG,
  API_KEY_MSG,
  BULK_MSG,
  COMPLETENESS_MSG,
  FORECAST_MSG,
  LICENSE_MSG,
  MSG,
  MFA_MSG,
  REPORT_MSG,
  SAVED_VIEW_MSG,
  LANGUAGE_SETTING_MSG,
  TIME_ZONE_SETTING_MSG,
  SSO_MSG,
  WEBHOOK_MSG,
  COMMON_PASSWORD_MESSAGE,
  WEAK_PASSWORD_MESSAGE,
  TIME_ZONE_MSG,
  UNKNOWN_PAGE,
};

/** Each fixed text of a constant, named; a message made with a value (a function) stays English. */
function textsOf(name: string, value: unknown): [string, string][] {
  if (typeof value === 'string') return [[name, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, text]) => textsOf(`${name}.${key}`, text));
}

const listed = new Set(CONTRACT_MESSAGES.map((message) => message.id));

/** The message constants the contracts' sources export: `export const FORECAST_MSG`, `COMMON_PASSWORD_MESSAGE`. */
function exportedConstants(): string[] {
  const folder = join(__dirname, '../../../../../packages/contracts/src');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [...readFileSync(join(folder, file), 'utf8').matchAll(/^export const (\w*(?:MSG|MESSAGE))\b/gm)])
    .map((match) => match[1]!)
    .sort();
}

describe('the messages area (decision 052)', () => {
  it('checks every message constant the contracts export', () => {
    expect(Object.keys(CONSTANTS)).toEqual(expect.arrayContaining(exportedConstants()));
  });

  it.each(Object.entries(CONSTANTS).flatMap(([name, value]) => textsOf(name, value)))(
    '%s is listed for translation',
    (_name, text) => {
      expect(listed.has(text)).toBe(true);
    },
  );

  it("lists the password policy's rules, those with a length by their pattern", () => {
    const all = { minLength: 200, maxLength: 1, requireUppercase: true, requireLowercase: true, requireDigit: true };
    const rules = passwordPolicyErrors('!!', { ...all, requireSpecialChar: false })
      .concat(passwordPolicyErrors('aA1', { ...all, minLength: 1, maxLength: 0, requireSpecialChar: true }))
      .map((rule) => rule.replace(/at least \d+/, 'at least {min}').replace(/no more than \d+/, 'no more than {max}'));
    expect(rules).toHaveLength(6);
    for (const rule of rules) expect(listed.has(rule), rule).toBe(true);
  });

  it('lists every message once, as written', () => {
    for (const message of [...CONTRACT_MESSAGES, ...SERVER_MESSAGES]) expect(message.id).toBe(message.id.trim());
    expect(new Set(SERVER_MESSAGES.map((message) => message.id)).size).toBe(SERVER_MESSAGES.length);
    expect(listed.size).toBe(CONTRACT_MESSAGES.length);
  });
});
