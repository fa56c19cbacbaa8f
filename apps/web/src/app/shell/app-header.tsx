import { t } from '@lingui/core/macro';
import type { CurrentUser } from '@portal/contracts/auth';
import { PAGES } from '@portal/contracts/pages';
import { isSuperAdmin } from '@portal/contracts/permissions';
import { MenuIcon } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/lean-icons';
import { UserMenu } from './user-menu';

type AppHeaderProps = {
  user: CurrentUser;
  mobileNavOpen: boolean;
  onOpenMobileNav: () => void;
  /** Opens the command palette (also Ctrl+K or ⌘K). */
  onOpenSearch: () => void;
};

/** The top bar: menu toggle (phones), logo and tagline, theme toggle, user menu (not on phones). */
export function AppHeader({ user, mobileNavOpen, onOpenMobileNav, onOpenSearch }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t`Open navigation menu`}
        aria-expanded={mobileNavOpen}
        // The drawer exists only while open: pointing at it when closed names no element (axe).
        aria-controls={mobileNavOpen ? 'mobile-navigation' : undefined}
        onClick={onOpenMobileNav}
      >
        <MenuIcon aria-hidden />
      </Button>
      <Link
        to={isSuperAdmin(user.roles) ? PAGES.licenseUsageReport : PAGES.dashboard}
        className="min-w-0 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BrandLogo tagline />
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon-round"
          aria-label={t`Search`}
          aria-keyshortcuts="Control+K Meta+K"
          title={t`Search (Ctrl+K)`}
          onClick={onOpenSearch}
        >
          <SearchIcon aria-hidden />
        </Button>
        <ThemeToggle labels={{ dark: t`Switch to dark theme`, light: t`Switch to light theme` }} />
        <div className="hidden md:block">
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
