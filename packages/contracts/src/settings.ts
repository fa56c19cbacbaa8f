import type { z } from 'zod';
import { emailField } from './auth';
import { isTimeZone } from './dates';
import { isLocale } from './locales';
import { inputObject, text } from './fields';
import { MSG } from './messages';

/** The Profile form of /settings: shown, not saved. */
export const profileFormSchema = inputObject({
  name: text().trim().min(2, MSG.usernameMin).max(30, MSG.usernameMax),
  email: emailField,
});

export const TIME_ZONE_SETTING_MSG = {
  unknown: 'Choose a time zone from the list.',
  saved: 'Time zone saved.',
  cleared: "Times now follow this browser's time zone.",
} as const;

/**
 * `PUT /User/time-zone`: the zone every time is shown in for this person, by its IANA name
 * ('Europe/Berlin'), or null to follow the browser's (decision 051).
 */
export const timeZoneSettingSchema = inputObject({
  timeZone: text({ error: TIME_ZONE_SETTING_MSG.unknown })
    .trim()
    .refine(isTimeZone, TIME_ZONE_SETTING_MSG.unknown)
    .nullable(),
});
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;

/** The refusal; what a saved choice answers is the server's, in the language chosen. */
export const LANGUAGE_SETTING_MSG = {
  unknown: 'Choose a language from the list.',
} as const;

/**
 * `PUT /User/language`: the language of this person's interface, mail and exports (decision 052),
 * or null to follow the browser's.
 */
export const languageSettingSchema = inputObject({
  locale: text({ error: LANGUAGE_SETTING_MSG.unknown })
    .trim()
    .refine(isLocale, LANGUAGE_SETTING_MSG.unknown)
    .nullable(),
});
export type LanguageSetting = z.infer<typeof languageSettingSchema>;
