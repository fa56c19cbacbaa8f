/**
 * Where a signed-out visitor was headed, carried in the router's location state to `/` so that
 * signing in can return there.
 */
export type RedirectState = { from: string };

export function redirectStateFrom(location: { pathname: string; search: string; hash: string }): RedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Reads the remembered origin; only same-app paths qualify, never `/` itself. */
export function readRedirectFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from === '/') return undefined;
  return from;
}
