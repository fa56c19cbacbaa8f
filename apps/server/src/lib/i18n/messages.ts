import type { Locale } from '@portal/contracts/locales';

/** What `PUT /User/language` answers, in the language just chosen (English when it follows the browser). */
export const LANGUAGE_SAVED: Record<Locale, string> = {
  en: 'Language saved.',
  de: 'Sprache gespeichert.',
  fr: 'Langue enregistrée.',
  es: 'Idioma guardado.',
  ja: '言語を保存しました。',
};

/** What it answers when the person goes back to the browser's language, in that language. */
export const LANGUAGE_CLEARED: Record<Locale, string> = {
  en: "The portal now follows this browser's language.",
  de: 'Das Portal folgt jetzt der Sprache dieses Browsers.',
  fr: 'Le portail suit désormais la langue de ce navigateur.',
  es: 'El portal sigue ahora el idioma de este navegador.',
  ja: 'ポータルはこのブラウザーの言語に従います。',
};
