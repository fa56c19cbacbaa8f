import { t } from '@lingui/core/macro';
import type { CurrentUser } from '@portal/contracts/auth';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { isTyping, singleKeyShortcutsOn } from '@/lib/shortcuts';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { getSidebarLinks } from './sidebar-data';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

// The phone's drawer (a Radix modal dialog) loads when it is first opened, not with every page.
const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));
// The command palette (decision 048) loads at its first opening too.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));
// The "?" list of shortcuts, at its first opening: from the palette's file, so that the shell names
// one lazy file (and its imports) for both, not two (the shell's budget, decision 021).
const ShortcutsSheet = lazy(() => import('./command-palette').then((m) => ({ default: m.ShortcutsSheet })));

/**
 * Ctrl+K (⌘K on a Mac) opens and closes the palette anywhere, an input's own text included; outside
 * a text field, and unless turned off (lib/shortcuts.ts), ? opens the shortcuts and / focuses the
 * page's filter box.
 */
function useShortcuts(togglePalette: () => void, openSheet: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        togglePalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || !singleKeyShortcutsOn()) return;
      const filter = event.key === '/' && document.querySelector<HTMLInputElement>('main input[type="search"]');
      if (event.key === '?' || filter) {
        event.preventDefault();
        if (filter) filter.focus();
        else openSheet();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [togglePalette, openSheet]);
}

/** docs/product.md, "Shell": top bar, collapsible sidebar (a drawer on phones) and the content. */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const links = getSidebarLinks(user.roles);
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const drawerOpen = mobileNavOpen && isMobile;
  // Once opened, the drawer stays mounted, so it can animate its closing.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteUsed, setPaletteUsed] = useState(false);
  if (paletteOpen && !paletteUsed) setPaletteUsed(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  if (sheetOpen && !sheetUsed) setSheetUsed(true);
  useShortcuts(
    useCallback(() => setPaletteOpen((open) => !open), []),
    useCallback(() => setSheetOpen(true), []),
  );

  return (
    <>
      {/* Above the window until focused; then a box around its whole text (sr-only's undoing would
          also take its padding away and let the text wrap out of it). */}
      <a
        href="#main-content"
        className="fixed top-2 left-2 z-50 -translate-y-[calc(100%+1rem)] rounded-md border bg-background px-3 py-2 text-sm font-medium whitespace-nowrap shadow outline-none focus:translate-y-0 focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t`Skip to content`}
      </a>
      <div className="min-h-svh bg-canvas">
        <AppHeader
          user={user}
          mobileNavOpen={mobileNavOpen}
          onOpenMobileNav={() => setMobileNavOpen(true)}
          onOpenSearch={() => setPaletteOpen(true)}
        />
        <div className="flex">
          <AppSidebar user={user} links={links} collapsed={collapsed} onCollapsedChange={setCollapsed} />
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6 lg:p-8">
            {children}
          </main>
        </div>
      </div>
      {paletteUsed && (
        <Suspense fallback={null}>
          <CommandPalette user={user} links={links} open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      )}
      {sheetUsed && (
        <Suspense fallback={null}>
          <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} />
        </Suspense>
      )}
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNav user={user} links={links} open={drawerOpen} onOpenChange={setMobileNavOpen} />
        </Suspense>
      )}
    </>
  );
}
