import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { isSuperAdmin } from '@portal/contracts/permissions';
import { type LucideIcon, UserIcon, UsersIcon } from 'lucide-react';

export type AccountLink = { title: string; href: string; icon: LucideIcon };

/**
 * The links of the user menu (docs/product.md: Profile), plus the SuperAdmin's way to `/users`,
 * whose sidebar holds only the usage report. Phones hide the user menu, so the drawer shows them.
 */
export function getAccountLinks(roles: readonly string[]): AccountLink[] {
  const links: AccountLink[] = [{ title: t`Profile`, href: PAGES.settings, icon: UserIcon }];
  if (isSuperAdmin(roles)) links.push({ title: t`All Accounts`, href: PAGES.allAccounts, icon: UsersIcon });
  return links;
}
