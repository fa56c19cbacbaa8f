import type { Locale } from '@portal/contracts/locales';

/** What `PUT /User/language` answers, in the language just chosen (English when it follows the browser). */
export const LANGUAGE_SAVED: Record<Locale, string> = {
  en: 'Language saved.',
  de: 'Sprache gespeichert.',
  fr: 'Langue enregistrée.',
  es: 'Idioma guardado.',
  ja: '言語を保存しました。',
};
