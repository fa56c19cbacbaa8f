/**
 * The languages of the interface, the mail and the exports (docs/decisions/052-interface-languages.md):
 * English, the spec's wording, is the source; the others are translations of it. No zod here: the
 * app's entry reads this before it sets zod up (src/lib/zod-config.ts).
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language by its own name, as a language chooser lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of `preferred` (BCP 47 tags, best first: `navigator.languages`) the portal speaks, by its language. */
export function bestLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return SOURCE_LOCALE;
}
