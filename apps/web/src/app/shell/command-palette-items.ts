import type { CurrentUser } from '@portal/contracts/auth';
import { PAGES } from '@portal/contracts/pages';
import { canOpenPage, hasPermission, isSuperAdmin } from '@portal/contracts/permissions';
import type { SearchResult } from '@portal/contracts/search';
import { LOCAL_KEYS } from '@/lib/storage-keys';
// Types only: the palette's chunk must not share the shell's sidebar module (its own chunk then).
import type { SideLink } from './sidebar-data';

/** One line of the palette: what it reads, where it goes, and the group it stands in. */
export type PaletteItem = { id: string; label: string; detail?: string; href: string; group: string };

/** The pages of the account's sidebar (`links`), its groups' pages included; the manual's link stays out. */
export function pageItems(links: SideLink[]): PaletteItem[] {
  const flat = (list: SideLink[]): SideLink[] => list.flatMap((link) => [link, ...flat(link.items ?? [])]);
  return flat(links)
    .filter((link) => !link.openInNewTab && !link.items)
    .map((link) => ({ id: `page:${link.href}`, label: link.title, href: link.href, group: 'Pages' }));
}

/** What the account may do from anywhere: the palette's actions. */
export function actionItems(user: CurrentUser): PaletteItem[] {
  const items: PaletteItem[] = [];
  if (hasPermission(user.roles, 'child-accounts:write') && canOpenPage(user.roles, PAGES.childAccounts)) {
    items.push({
      id: 'action:create-user',
      label: 'Create user',
      href: `${PAGES.childAccounts}?create=1`,
      group: 'Actions',
    });
  }
  if (canOpenPage(user.roles, PAGES.importUsers)) {
    items.push({
      id: 'action:import-users',
      label: 'Import users from CSV',
      href: PAGES.importUsers,
      group: 'Actions',
    });
  }
  items.push({ id: 'action:password', label: 'Change password', href: PAGES.changePassword, group: 'Actions' });
  return items;
}

/** The server's answer as lines, each kind under its heading, each line opening its own page. */
export function resultItems(result: SearchResult | undefined, roles: readonly string[]): PaletteItem[] {
  if (!result) return [];
  const accountsPage = isSuperAdmin(roles) ? PAGES.allAccounts : PAGES.childAccounts;
  return [
    ...result.accounts.map((a) => ({
      id: `account:${a.id}`,
      label: a.name,
      detail: a.email,
      href: `${accountsPage}?filter=${encodeURIComponent(a.email)}`,
      group: 'Users',
    })),
    ...result.pools.map((p) => ({ id: `pool:${p.id}`, label: p.name, href: PAGES.poolUsers(p), group: 'Pools' })),
    ...result.jobs.map((j) => ({
      id: `job:${j.id}`,
      label: j.name,
      detail: j.machineName,
      href: PAGES.job(j.id),
      group: 'Jobs',
    })),
    ...result.machines.map((m) => ({
      id: `machine:${m.id}`,
      label: m.name,
      href: PAGES.jobs({ machineName: m.name }),
      group: 'Machines',
    })),
    ...result.lots.map((l) => ({
      id: `lot:${l.id}`,
      label: l.orderId,
      detail: `${l.productName} · ${l.customerName}`,
      href: PAGES.lot(l.id),
      group: 'Lots',
    })),
  ];
}

/** Pages and actions whose words begin with what was typed (every word typed must). */
export function matching(items: PaletteItem[], typed: string): PaletteItem[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const own = item.label.toLowerCase().split(/\s+/);
    return words.every((word) => own.some((part) => part.startsWith(word)));
  });
}

const RECENT_MAX = 5;

/** Each account's own list: another person signing in on this browser does not see it. */
const recentKey = (accountId: string) => `${LOCAL_KEYS.paletteRecent}:${accountId}`;

/** The last few lines `accountId` opened from the palette, newest first (this browser only). */
export function recentItems(accountId: string): PaletteItem[] {
  try {
    const stored = JSON.parse(localStorage.getItem(recentKey(accountId)) ?? '[]') as PaletteItem[];
    return Array.isArray(stored) ? stored.slice(0, RECENT_MAX).map((item) => ({ ...item, group: 'Recent' })) : [];
  } catch {
    return [];
  }
}

export function rememberItem(accountId: string, item: PaletteItem): void {
  const rest = recentItems(accountId).filter((recent) => recent.href !== item.href);
  const kept = [{ ...item, id: `recent:${item.href}` }, ...rest].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(recentKey(accountId), JSON.stringify(kept));
  } catch {
    // A full or refused storage only loses the recent list.
  }
}
