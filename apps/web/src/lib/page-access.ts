import { canOpenPage, PAGE_ROLES, type RestrictedPage } from '@portal/contracts/permissions';
import { isActivePath } from './is-active-path';

const RESTRICTED_PAGES = Object.keys(PAGE_ROLES) as RestrictedPage[];

/** The role-restricted page a path belongs to, if any (`/licenses/new` belongs to `/licenses`). */
export function restrictedPageOf(pathname: string): RestrictedPage | undefined {
  return RESTRICTED_PAGES.find((page) => isActivePath(pathname, page));
}

/** Whether these roles may open the path; pages outside PAGE_ROLES are open to every signed-in role. */
export function canOpenPath(roles: readonly string[], pathname: string): boolean {
  const page = restrictedPageOf(pathname);
  return page === undefined || canOpenPage(roles, page);
}
