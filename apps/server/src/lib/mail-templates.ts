import type { Locale } from '@portal/contracts/locales';
import type { MailMessage } from './mailer';
import { formatDayTimeIn, formatDayUtc, isTimeZone } from '@portal/contracts/dates';
import { ACCOUNT_MAIL_TEXT } from './i18n/account-mail-text';
import { MAIL_TEXT } from './i18n/mail-text';
import { NOTICE_MAIL_TEXT } from './i18n/notice-mail-text';

const PRODUCT = 'MigrateHub License Portal';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** One layout for every message: a plain-text body and the same words as simple HTML. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  locale: Locale = 'en',
): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), `— ${PRODUCT}`].join('\n\n');
  const html = [
    `<div lang="${locale}" style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#111">`,
    `<h2 style="font-size:18px">${escapeHtml(subject)}</h2>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`
      : '',
    `<p style="font-size:12px;color:#555">— ${PRODUCT}</p></div>`,
  ].join('');
  return { to, subject, text, html };
}

/**
 * Every mail is in the recipient's language (decision 052: `localeOfAccount`, English when it chose
 * none): a sign-in code reaches a person before any screen, the others are read away from one.
 */
export function twoFactorCodeMail(to: string, code: string, minutes: number, locale: Locale = 'en'): MailMessage {
  const { subject, paragraphs } = MAIL_TEXT[locale].twoFactorCode(code, minutes);
  return compose(to, subject, paragraphs, undefined, locale);
}

export function passwordResetMail(to: string, url: string, minutes: number, locale: Locale = 'en'): MailMessage {
  const { subject, paragraphs, action } = MAIL_TEXT[locale].passwordReset(minutes);
  return compose(to, subject, paragraphs, { label: action ?? subject, url }, locale);
}

export function emailValidationMail(to: string, name: string, url: string, locale: Locale = 'en'): MailMessage {
  const { subject, paragraphs, action } = ACCOUNT_MAIL_TEXT[locale].emailValidation(name);
  return compose(to, subject, paragraphs, { label: action ?? subject, url }, locale);
}

export function credentialsMail(
  to: string,
  password: string,
  signInUrl: string,
  downloadUrl: string,
  locale: Locale = 'en',
): MailMessage {
  const { subject, paragraphs, action } = ACCOUNT_MAIL_TEXT[locale].credentials(to, password, downloadUrl);
  return compose(to, subject, paragraphs, { label: action ?? subject, url: signInUrl }, locale);
}

/** A lot the daily alert names: it expires within the Admin's window (decision 027). */
export interface ExpiringLotLine {
  productName: string;
  edition: string;
  expiryDate: Date;
  available: number;
}

/** A product the daily alert names: its available units fell under the Admin's threshold. */
export interface LowProductLine {
  productName: string;
  available: number;
  threshold: number;
}

/** The recipient of a mail that states a day: its language, and its time zone (none: UTC, unsaid). */
export interface MailRecipient {
  locale: Locale;
  timeZone: string | null;
}

/** dd/MM/yyyy, as the screens show a day: on the recipient's clocks, naming its zone when it chose one. */
function dayFor(date: Date, timeZone: string | null): string {
  if (!timeZone || !isTimeZone(timeZone)) return formatDayUtc(date);
  return `${formatDayTimeIn(date, timeZone).slice(0, 10)} (${timeZone})`;
}

/** The daily alert of one Admin: its lots that expire soon and its products that run low. */
export function licenseAlertMail(
  to: string,
  alert: { windowDays: number; expiring: ExpiringLotLine[]; low: LowProductLine[] },
  portalUrl: string,
  recipient: MailRecipient = { locale: 'en', timeZone: null },
): MailMessage {
  const words = NOTICE_MAIL_TEXT[recipient.locale].alert;
  const paragraphs: string[] = [];
  if (alert.expiring.length > 0) {
    paragraphs.push(
      words.expiringHeading(alert.windowDays),
      ...alert.expiring.map((lot) =>
        words.expiringLine(lot.productName, lot.edition, lot.available, dayFor(lot.expiryDate, recipient.timeZone)),
      ),
    );
  }
  if (alert.low.length > 0) {
    paragraphs.push(
      words.lowHeading,
      ...alert.low.map((product) => words.lowLine(product.productName, product.available, product.threshold)),
    );
  }
  paragraphs.push(words.footer);
  return compose(to, words.subject, paragraphs, { label: words.action, url: portalUrl }, recipient.locale);
}

/** To the Admin of a webhook the server disabled after it failed for days (decision 033). */
export function webhookDisabledMail(
  to: string,
  endpointUrl: string,
  hours: number,
  settingsUrl: string,
  locale: Locale = 'en',
): MailMessage {
  const { subject, paragraphs, action } = NOTICE_MAIL_TEXT[locale].webhookDisabled(endpointUrl, hours);
  return compose(to, subject, paragraphs, { label: action ?? subject, url: settingsUrl }, locale);
}

/** A recovery code stood in for the authenticator app at sign-in (decision 035). */
export function recoveryCodeUsedMail(to: string, left: number, locale: Locale = 'en'): MailMessage {
  const { subject, paragraphs } = ACCOUNT_MAIL_TEXT[locale].recoveryCodeUsed(left);
  return compose(to, subject, paragraphs, undefined, locale);
}

/** An Admin removed the account's second factors (decision 036). */
export function factorsResetMail(
  to: string,
  adminName: string,
  setupAsked: boolean,
  locale: Locale = 'en',
): MailMessage {
  const { subject, paragraphs } = ACCOUNT_MAIL_TEXT[locale].factorsReset(adminName, setupAsked);
  return compose(to, subject, paragraphs, undefined, locale);
}
