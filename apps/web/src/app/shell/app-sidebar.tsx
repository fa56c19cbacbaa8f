import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import type { CurrentUser } from '@portal/contracts/auth';
import { PanelLeftCloseIcon, PanelLeftOpenIcon } from 'lucide-react';
import { Separator } from '@/components/ui/separator';
import { cn } from '@/lib/utils';
import { navItemClass } from './nav-styles';
import type { SideLink } from './sidebar-data';
import { SidebarNav } from './sidebar-nav';

// The pinned views (decision 050) load after the shell, in their own chunk.
const PinnedViews = lazy(() => import('./pinned-views').then((m) => ({ default: m.PinnedViews })));
import { SidebarUser } from './sidebar-user';

type AppSidebarProps = {
  user: CurrentUser;
  links: SideLink[];
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
};

/** The desktop sidebar (768 px and wider); phones get the same navigation in MobileNav. */
export function AppSidebar({ user, links, collapsed, onCollapsedChange }: AppSidebarProps) {
  const ToggleIcon = collapsed ? PanelLeftOpenIcon : PanelLeftCloseIcon;
  return (
    <aside
      data-collapsed={collapsed}
      className={cn(
        'sticky top-14 hidden h-[calc(100svh-3.5rem)] shrink-0 flex-col border-r border-sidebar-border bg-sidebar',
        'transition-[width] duration-200 ease-out md:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <SidebarUser user={user} collapsed={collapsed} />
      <Separator className="bg-sidebar-border" />
      <nav aria-label={t`Main navigation`} className="flex-1 overflow-x-hidden overflow-y-auto p-2">
        <SidebarNav links={links} collapsed={collapsed} />
        <Suspense fallback={null}>
          <PinnedViews collapsed={collapsed}>
            {(pinned) => <SidebarNav links={pinned} collapsed={collapsed} label={t`Saved views`} />}
          </PinnedViews>
        </Suspense>
      </nav>
      <div className="border-t border-sidebar-border p-2">
        <button
          type="button"
          onClick={() => onCollapsedChange(!collapsed)}
          aria-label={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
          aria-expanded={!collapsed}
          className={cn(navItemClass, 'text-muted-foreground', collapsed && 'justify-center px-0')}
        >
          <ToggleIcon aria-hidden />
          {!collapsed && <span>{t`Collapse`}</span>}
        </button>
      </div>
    </aside>
  );
}
