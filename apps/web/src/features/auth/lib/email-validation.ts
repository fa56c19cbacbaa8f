import { LOCAL_KEYS } from '@/lib/storage-keys';

/**
 * The mailed link opens `/?p=confirm-email&token=…` (a page that confirms only on a button press);
 * the confirmation then shows `/?p=confirm` or `/?p=confirm-invalid`.
 */
export type EmailValidationOutcome = 'confirm-email' | 'confirm' | 'confirm-invalid';

/**
 * The dialog to show on arrival, if any. The thank-you of a confirmed address shows until the
 * visitor closes it once (docs/product.md, flag thanksPopupDismissed).
 */
export function emailValidationOutcome(search: string): EmailValidationOutcome | undefined {
  const params = new URLSearchParams(search);
  const p = params.get('p');
  if (p === 'confirm-email') return params.get('token') ? 'confirm-email' : 'confirm-invalid';
  if (p === 'confirm') return localStorage.getItem(LOCAL_KEYS.thanksPopupDismissed) ? undefined : 'confirm';
  if (p === 'confirm-invalid') return 'confirm-invalid';
  return undefined;
}

export function dismissThanksPopup(): void {
  localStorage.setItem(LOCAL_KEYS.thanksPopupDismissed, 'true');
}

export function emailValidationToken(search: string): string {
  return new URLSearchParams(search).get('token') ?? '';
}
