import { t } from '@lingui/core/macro';
import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import { canOpenPage, type RestrictedPage } from '@portal/contracts/permissions';
import {
  BellIcon,
  KeyRoundIcon,
  KeySquareIcon,
  LockKeyholeIcon,
  LogInIcon,
  ShieldCheckIcon,
  UserIcon,
  WebhookIcon,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

/** A section whose page PAGE_ROLES restricts names it, and shows only to the roles that may open it. */
const sections = (): { title: string; href: string; icon: LucideIcon; restricted?: RestrictedPage }[] => [
  { title: t`Profile`, href: PAGES.settings, icon: UserIcon },
  { title: t`Change Password`, href: PAGES.changePassword, icon: KeyRoundIcon },
  // Every role: an authenticator app and its recovery codes (decision 035).
  { title: t`Two-factor`, href: PAGES.twoFactor, icon: ShieldCheckIcon },
  // Admins only: the expiry and low-stock alert mails (decision 027).
  { title: t`Alerts`, href: PAGES.alertSettings, icon: BellIcon, restricted: PAGES.alertSettings },
  // Admins and Users: the keys of the migration agent and integrations (decision 032).
  { title: t`API keys`, href: PAGES.apiKeys, icon: KeySquareIcon, restricted: PAGES.apiKeys },
  // Admins only: the endpoints told of the organisation's events (decision 033).
  { title: t`Webhooks`, href: PAGES.webhooks, icon: WebhookIcon, restricted: PAGES.webhooks },
  // Admins (as Webhooks): whether the organisation's people need a second factor (decision 036).
  { title: t`MFA policy`, href: SECURITY_PAGES.mfaPolicy, icon: LockKeyholeIcon, restricted: PAGES.webhooks },
  // Admins, as Webhooks (the server answers only the top one): the organisation's identity provider
  // (decision 038). Not a row of PAGE_ROLES: the lean login page loads that table, at its budget.
  { title: t`Single sign-on`, href: SECURITY_PAGES.singleSignOn, icon: LogInIcon, restricted: PAGES.webhooks },
];

/** The sub-navigation of `/settings` (docs/product.md): a column beside the form, a row on phones. */
export function SettingsNav({ roles }: { roles: readonly string[] }) {
  const shown = sections().filter((section) => !section.restricted || canOpenPage(roles, section.restricted));
  return (
    <nav aria-label={t`Settings`} className="-mx-1 overflow-x-auto px-1 lg:mx-0 lg:px-0">
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
