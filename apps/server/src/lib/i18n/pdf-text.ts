import type { Locale } from '@portal/contracts/locales';
import { PDF_TEXT_EN, type PdfText } from './pdf-text-en';
import { PDF_TEXT_DE, PDF_TEXT_ES, PDF_TEXT_FR } from './pdf-text-translations';

export { type PdfText, wordOf } from './pdf-text-en';

/**
 * The PDFs' words by language. Japanese is written in English: the report's embedded font (DejaVu
 * Sans) has no CJK glyphs, and a Japanese font (megabytes, parsed per worker) would not keep the
 * report within its time and memory (decision 052); English reads better than "?".
 */
export const PDF_TEXT: Record<Locale, PdfText> = {
  en: PDF_TEXT_EN,
  de: PDF_TEXT_DE,
  fr: PDF_TEXT_FR,
  es: PDF_TEXT_ES,
  ja: PDF_TEXT_EN,
};

/** The words of a document in `locale`, English when none is given. */
export const pdfText = (locale: Locale | undefined): PdfText => PDF_TEXT[locale ?? 'en'];
