import { LOCAL_KEYS } from '@/lib/storage-keys';

/** Where the emailed validation link lands: `/?p=confirm` or `/?p=confirm-invalid`. */
export type EmailValidationOutcome = 'confirm' | 'confirm-invalid';

/**
 * The dialog to show on arrival, if any. The thank-you of a confirmed address shows until the
 * visitor closes it once (spec section 2, flag thanksPopupDismissed).
 */
export function emailValidationOutcome(search: string): EmailValidationOutcome | undefined {
  const p = new URLSearchParams(search).get('p');
  if (p === 'confirm') return localStorage.getItem(LOCAL_KEYS.thanksPopupDismissed) ? undefined : 'confirm';
  if (p === 'confirm-invalid') return 'confirm-invalid';
  return undefined;
}

export function dismissThanksPopup(): void {
  localStorage.setItem(LOCAL_KEYS.thanksPopupDismissed, 'true');
}
