import { canOpenPath } from '@/lib/page-access';
import { landingPath } from './landing';
import { PAGES } from '@portal/contracts/pages';

/**
 * After signing in: back to the page the user was bounced from when the roles allow it, else the
 * landing page of the roles and the step (landing.ts).
 */
export function postLoginPath(
  roles: readonly string[],
  from: string | undefined,
  fallback: string = PAGES.intro,
): string {
  const pathname = from?.split(/[?#]/)[0];
  if (from && pathname && canOpenPath(roles, pathname)) return from;
  return landingPath(roles, fallback);
}
