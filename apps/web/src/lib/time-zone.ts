import { localTimeZone } from '@portal/contracts/dates';

/**
 * The time zone the signed-in person reads times in (decision 051): the one chosen in Settings →
 * Profile, kept on the account, or the browser's. The signed-in layout sets it from `GET User/me`
 * before a page renders, so every formatter reads it without a hook.
 */
let chosen: string | null = null;

export function setChosenTimeZone(timeZone: string | null): void {
  chosen = timeZone;
}

/** The zone chosen in Settings, or null when times follow the browser. */
export function chosenTimeZone(): string | null {
  return chosen;
}

/** The zone times are shown in: the chosen one, else the browser's. */
export function viewerTimeZone(): string {
  return chosen ?? localTimeZone();
}
