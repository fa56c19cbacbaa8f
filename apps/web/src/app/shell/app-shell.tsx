import type { CurrentUser } from '@portal/contracts/auth';
import { useState, type ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MobileNav } from './mobile-nav';
import { getSidebarLinks } from './sidebar-data';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

/** Spec section 2, "Shell": top bar, collapsible sidebar (a drawer on phones) and the content. */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const links = getSidebarLinks(user.roles);
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);

  return (
    // Spec section 9: sidebar tooltips show at once.
    <TooltipProvider delayDuration={0}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="min-h-svh bg-canvas">
        <AppHeader user={user} mobileNavOpen={mobileNavOpen} onOpenMobileNav={() => setMobileNavOpen(true)} />
        <div className="flex">
          <AppSidebar user={user} links={links} collapsed={collapsed} onCollapsedChange={setCollapsed} />
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6 lg:p-8">
            {children}
          </main>
        </div>
      </div>
      <MobileNav user={user} links={links} open={mobileNavOpen && isMobile} onOpenChange={setMobileNavOpen} />
    </TooltipProvider>
  );
}
