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

const ANALYSIS: SideLink = {
  title: 'Analysis',
  href: PAGES.reports,
  icon: ChartColumnIcon,
  items: [
    { title: 'User View', href: PAGES.reportUsers, icon: UserRoundIcon },
    { title: 'Machine View', href: PAGES.reportMachines, icon: MonitorIcon },
    { title: 'Job View', href: PAGES.reportJobs, icon: BriefcaseIcon },
  ],
};

/** The full list; role-restricted pages drop out per PAGE_ROLES (Admin and Auditor see them all). */
const PORTAL_LINKS: SideLink[] = [
  { title: 'Dashboard', href: PAGES.dashboard, icon: LayoutDashboardIcon },
  { title: 'Users', href: PAGES.childAccounts, icon: UsersIcon },
  { title: 'Licenses', href: PAGES.licenses, icon: KeyRoundIcon },
  { title: 'Shared License Pools', href: PAGES.licensePools, icon: LayersIcon },
  { title: 'License Movement', href: PAGES.licenseMovement, icon: ArrowLeftRightIcon },
  { title: 'License Forecast', href: PAGES.licenseForecast, icon: CalculatorIcon },
  ANALYSIS,
  { title: 'Audit Trail', href: PAGES.auditTrail, icon: ScrollTextIcon },
  { title: 'Settings', href: PAGES.settings, icon: SettingsIcon },
  { title: 'Help Manual', href: links.helpManual, icon: BookOpenIcon, openInNewTab: true },
];

const SUPER_ADMIN_LINKS: SideLink[] = [
  { title: 'License Usage Report', href: PAGES.licenseUsageReport, icon: ClipboardListIcon },
  { title: 'Audit Trail', href: PAGES.auditTrail, icon: ScrollTextIcon },
];

/** docs/product.md, "Sidebar links by role": a SuperAdmin has only the usage report (and the audit trail). */
export function getSidebarLinks(roles: readonly string[]): SideLink[] {
  if (isSuperAdmin(roles)) return SUPER_ADMIN_LINKS;
  return PORTAL_LINKS.filter((link) => link.openInNewTab || canOpenPath(roles, link.href));
}
