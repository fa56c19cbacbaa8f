import { PAGES } from '@portal/contracts/pages';
import { canOpenPage } from '@portal/contracts/permissions';
import { BellIcon, KeyRoundIcon, UserIcon, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

const SECTIONS: { title: string; href: string; icon: LucideIcon; admin?: true }[] = [
  { title: 'Profile', href: PAGES.settings, icon: UserIcon },
  { title: 'Change Password', href: PAGES.changePassword, icon: KeyRoundIcon },
  // Admins only (PAGE_ROLES): the expiry and low-stock alert mails (decision 027).
  { title: 'Alerts', href: PAGES.alertSettings, icon: BellIcon, admin: true },
];

/** The sub-navigation of `/settings` (docs/product.md): a column beside the form, a row on phones. */
export function SettingsNav({ roles }: { roles: readonly string[] }) {
  const shown = SECTIONS.filter((section) => !section.admin || canOpenPage(roles, PAGES.alertSettings));
  return (
    <nav aria-label="Settings" className="-mx-1 overflow-x-auto px-1 lg:mx-0 lg:px-0">
      <ul className="flex gap-1 lg:flex-col">
        {shown.map(({ title, href, icon: Icon }) => (
          <li key={href}>
            <NavLink
              to={href}
              end
              className={({ isActive }) =>
                cn(
                  'flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none',
                  'transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
                )
              }
            >
              <Icon aria-hidden className="size-4" />
              {title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
