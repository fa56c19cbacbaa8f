import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import type { CurrentUser } from '@portal/contracts/auth';
import { LogOutIcon } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { useLogout } from '@/features/auth/api/logout';
import { cn } from '@/lib/utils';
import { getAccountLinks } from './account-links';
import { navItemClass } from './nav-styles';
import type { SideLink } from './sidebar-data';
import { SidebarNav } from './sidebar-nav';

// The pinned views (decision 050) load after the shell, in their own chunk.
const PinnedViews = lazy(() => import('./pinned-views').then((m) => ({ default: m.PinnedViews })));
import { SidebarUser } from './sidebar-user';

type MobileNavProps = {
  user: CurrentUser;
  links: SideLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The navigation drawer of phones. As a modal dialog it locks body scrolling while open (spec
 * section 2); it carries the user menu's links and Log out because that menu is hidden on phones.
 */
export function MobileNav({ user, links, open, onOpenChange }: MobileNavProps) {
  const logout = useLogout();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent id="mobile-navigation" aria-describedby={undefined}>
        <SheetTitle className="sr-only">{t`Navigation menu`}</SheetTitle>
        <div className="flex h-14 items-center border-b border-sidebar-border px-4 pr-10">
          <BrandLogo />
        </div>
        <SidebarUser user={user} />
        <Separator className="bg-sidebar-border" />
        <nav aria-label={t`Main navigation`} className="flex-1 overflow-y-auto p-2">
          <SidebarNav links={links} collapsed={false} onNavigate={() => onOpenChange(false)} />
          <Suspense fallback={null}>
            <PinnedViews collapsed={false}>
              {(pinned) => (
                <SidebarNav
                  links={pinned}
                  collapsed={false}
                  label={t`Saved views`}
                  onNavigate={() => onOpenChange(false)}
                />
              )}
            </PinnedViews>
          </Suspense>
        </nav>
        <div className="border-t border-sidebar-border p-2">
          {getAccountLinks(user.roles).map(({ title, href, icon: Icon }) => (
            <Link key={href} to={href} onClick={() => onOpenChange(false)} className={navItemClass}>
              <Icon aria-hidden />
              {title}
            </Link>
          ))}
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className={cn(navItemClass, 'disabled:opacity-50')}
          >
            <LogOutIcon aria-hidden />
            Log out
          </button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
