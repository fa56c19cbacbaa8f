import type { Locale } from '@portal/contracts/locales';
import type { MailMessage } from './mailer';
import { MAIL_TEXT } from './i18n/mail-text';
import { formatDayUtc } from '@portal/contracts/dates';

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

/** In the recipient's language (decision 052): a sign-in code reaches a person before any screen. */
export function twoFactorCodeMail(to: string, code: string, minutes: number, locale: Locale = 'en'): MailMessage {
  const { subject, paragraphs } = MAIL_TEXT[locale].twoFactorCode(code, minutes);
  return compose(to, subject, paragraphs, undefined, locale);
}

export function passwordResetMail(to: string, url: string, minutes: number, locale: Locale = 'en'): MailMessage {
  const { subject, paragraphs, action } = MAIL_TEXT[locale].passwordReset(minutes);
  return compose(to, subject, paragraphs, { label: action ?? subject, url }, locale);
}

export function emailValidationMail(to: string, name: string, url: string): MailMessage {
  return compose(
    to,
    'Confirm your email address',
    [`Hello ${name},`, 'An account was created for you. Confirm your email address to receive your sign-in details.'],
    { label: 'Confirm email address', url },
  );
}

export function credentialsMail(to: string, password: string, signInUrl: string, downloadUrl: string): MailMessage {
  return compose(
    to,
    'Your sign-in details',
    [
      'Your email address is confirmed. Sign in with these details:',
      `Email: ${to}`,
      `One-time password: ${password}`,
      'You will be asked to choose a new password at first sign-in.',
      `Download the migration software: ${downloadUrl}`,
    ],
    { label: 'Sign in', url: signInUrl },
  );
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

/** dd/MM/yyyy, as the screens show a day. */
const day = (date: Date) => formatDayUtc(date);
const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

/** The daily alert of one Admin: its lots that expire soon and its products that run low. */
export function licenseAlertMail(
  to: string,
  alert: { windowDays: number; expiring: ExpiringLotLine[]; low: LowProductLine[] },
  portalUrl: string,
): MailMessage {
  const paragraphs: string[] = [];
  if (alert.expiring.length > 0) {
    paragraphs.push(
      `Licenses expiring within ${alert.windowDays} days:`,
      ...alert.expiring.map(
        (lot) =>
          `• ${lot.productName} (${lot.edition}): ${units(lot.available)} available, expires on ${day(lot.expiryDate)}`,
      ),
    );
  }
  if (alert.low.length > 0) {
    paragraphs.push(
      'Products running low:',
      ...alert.low.map(
        (product) =>
          `• ${product.productName}: ${units(product.available)} available, under your threshold of ${product.threshold}`,
      ),
    );
  }
  paragraphs.push('You can change these alerts in Settings, Alerts.');
  return compose(to, 'License alerts', paragraphs, { label: 'Open the portal', url: portalUrl });
}

/** To the Admin of a webhook the server disabled after it failed for days (decision 033). */
export function webhookDisabledMail(to: string, endpointUrl: string, hours: number, settingsUrl: string): MailMessage {
  return compose(
    to,
    'A webhook was disabled',
    [
      `Every delivery to ${endpointUrl} has failed for ${hours} hours, so the portal stopped sending events to it.`,
      'Fix the endpoint, then enable it again in Settings → Webhooks: events from then on are delivered. ' +
        'The failed deliveries are listed there and can be sent again.',
    ],
    { label: 'Open Settings → Webhooks', url: settingsUrl },
  );
}

/** A recovery code stood in for the authenticator app at sign-in (decision 035). */
export function recoveryCodeUsedMail(to: string, left: number): MailMessage {
  return compose(to, 'A recovery code was used to sign in', [
    'Someone signed in to your MigrateHub License Portal account with one of your recovery codes, ' +
      `in place of your authenticator app. ${left} unused recovery codes are left.`,
    'If this was not you, change your password now. If your phone is lost, remove the app in Settings → ' +
      'Two-factor with another recovery code, then set it up again on your new phone: that makes new ' +
      'recovery codes and voids the old ones.',
  ]);
}

/** An Admin removed the account's second factors (decision 036). */
export function factorsResetMail(to: string, adminName: string, setupAsked: boolean): MailMessage {
  return compose(to, 'Your second factors were reset', [
    `${adminName}, an administrator of your organisation, removed the authenticator app, recovery codes and ` +
      'passkeys of your MigrateHub License Portal account. Your sessions were signed out.',
    setupAsked
      ? 'Your organisation requires a second factor: you will set one up the next time you sign in.'
      : 'Set a second factor up again in Settings → Two-factor after you sign in.',
    'If you did not ask for this, tell your administrator.',
  ]);
}
