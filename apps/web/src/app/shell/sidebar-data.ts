import { t } from '@lingui/core/macro';
import { PAGES } from '@portal/contracts/pages';
import { isSuperAdmin } from '@portal/contracts/permissions';
import {
  ArrowLeftRightIcon,
  BookOpenIcon,
  BriefcaseIcon,
  CalculatorIcon,
  ChartColumnIcon,
  ClipboardListIcon,
  KeyRoundIcon,
  LayersIcon,
  LayoutDashboardIcon,
  MonitorIcon,
  ScrollTextIcon,
  SettingsIcon,
  UserRoundIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { isActivePath } from '@/lib/is-active-path';
import { links } from '@/lib/links';
import { canOpenPath } from '@/lib/page-access';

/** One sidebar entry (docs/product.md): a link, or a group when it has `items`. */
export type SideLink = {
  title: string;
  label?: string;
  href: string;
  icon: LucideIcon;
  openInNewTab?: boolean;
  items?: SideLink[];
  /** Whether the link is the page shown, when its address has a query (a saved view's); else by its path. */
  current?: boolean;
};

/** A group is active on its own path too: /reports/job and /reports/folders drill down from its links. */
export function isGroupActive(group: SideLink, pathname: string): boolean {
  return isActivePath(pathname, group.href) || (group.items ?? []).some((item) => isActivePath(pathname, item.href));
}

/** The full list, in the interface's language; role-restricted pages drop out per PAGE_ROLES (Admin and Auditor see them all). */
const portalLinks = (): SideLink[] => [
  { title: t`Dashboard`, href: PAGES.dashboard, icon: LayoutDashboardIcon },
  { title: t`Users`, href: PAGES.childAccounts, icon: UsersIcon },
  { title: t`Licenses`, href: PAGES.licenses, icon: KeyRoundIcon },
  { title: t`Shared License Pools`, href: PAGES.licensePools, icon: LayersIcon },
  { title: t`License Movement`, href: PAGES.licenseMovement, icon: ArrowLeftRightIcon },
  { title: t`License Forecast`, href: PAGES.licenseForecast, icon: CalculatorIcon },
  {
    title: t`Analysis`,
    href: PAGES.reports,
    icon: ChartColumnIcon,
    items: [
      { title: t`User View`, href: PAGES.reportUsers, icon: UserRoundIcon },
      { title: t`Machine View`, href: PAGES.reportMachines, icon: MonitorIcon },
      { title: t`Job View`, href: PAGES.reportJobs, icon: BriefcaseIcon },
    ],
  },
  { title: t`Audit Trail`, href: PAGES.auditTrail, icon: ScrollTextIcon },
  { title: t`Settings`, href: PAGES.settings, icon: SettingsIcon },
  { title: t`Help Manual`, href: links.helpManual, icon: BookOpenIcon, openInNewTab: true },
];

const superAdminLinks = (): SideLink[] => [
  { title: t`License Usage Report`, href: PAGES.licenseUsageReport, icon: ClipboardListIcon },
  { title: t`Audit Trail`, href: PAGES.auditTrail, icon: ScrollTextIcon },
];

/** docs/product.md, "Sidebar links by role": a SuperAdmin has only the usage report (and the audit trail). */
export function getSidebarLinks(roles: readonly string[]): SideLink[] {
  if (isSuperAdmin(roles)) return superAdminLinks();
  return portalLinks().filter((link) => link.openInNewTab || canOpenPath(roles, link.href));
}
