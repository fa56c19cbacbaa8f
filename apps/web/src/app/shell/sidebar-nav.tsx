import { t } from '@lingui/core/macro';
import { ChevronRightIcon, ExternalLinkIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isActivePath } from '@/lib/is-active-path';
import { cn } from '@/lib/utils';
import { activeItemClass, navItemClass } from './nav-styles';
import { isGroupActive, type SideLink } from './sidebar-data';
import { SideTooltip } from './side-tooltip';

// The collapsed sidebar's group menus (Radix DropdownMenu) load only when the sidebar is collapsed.
const CollapsedGroup = lazy(() => import('./collapsed-group').then((m) => ({ default: m.CollapsedGroup })));

type SidebarNavProps = {
  links: SideLink[];
  collapsed: boolean;
  /** Called after a link is followed (the mobile menu closes itself with it). */
  onNavigate?: () => void;
  /** Names the list when the sidebar has more than one (the pinned views). */
  label?: string;
};

export function SidebarNav({ links, collapsed, onNavigate, label }: SidebarNavProps) {
  const { pathname } = useLocation();
  return (
    <ul className="grid gap-1" aria-label={label}>
      {links.map((link) => (
        <li key={link.title}>
          {link.items ? (
            collapsed ? (
              <Suspense fallback={<CollapsedGroupIcon group={link} pathname={pathname} />}>
                <CollapsedGroup group={link} pathname={pathname} />
              </Suspense>
            ) : (
              <ExpandedGroup group={link} pathname={pathname} onNavigate={onNavigate} />
            )
          ) : (
            <NavItem
              link={link}
              active={link.current ?? isActivePath(pathname, link.href)}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

type NavItemProps = { link: SideLink; active: boolean; collapsed: boolean; onNavigate?: () => void };

function NavItem({ link, active, collapsed, onNavigate }: NavItemProps) {
  const Icon = link.icon;
  const className = cn(navItemClass, active && activeItemClass, collapsed && 'justify-center px-0');
  const content = (
    <>
      <Icon aria-hidden />
      <span className={cn('flex-1 truncate', collapsed && 'sr-only')}>{link.title}</span>
      {link.label && !collapsed && <span className="ml-auto text-xs text-muted-foreground">{link.label}</span>}
      {link.openInNewTab && !collapsed && <ExternalLinkIcon aria-hidden className="!size-3.5 opacity-60" />}
    </>
  );
  const anchor = link.openInNewTab ? (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t`${link.title} (opens in a new tab)`}
      className={className}
      onClick={onNavigate}
    >
      {content}
    </a>
  ) : (
    <Link to={link.href} aria-current={active ? 'page' : undefined} className={className} onClick={onNavigate}>
      {content}
    </Link>
  );
  if (!collapsed) return anchor;
  return <SideTooltip content={link.title}>{anchor}</SideTooltip>;
}

type GroupProps = { group: SideLink; pathname: string; onNavigate?: () => void };

/** A collapsed group's icon while its menu's code loads: the same look, nothing to open yet. */
function CollapsedGroupIcon({ group, pathname }: GroupProps) {
  const Icon = group.icon;
  return (
    <span className={cn(navItemClass, 'justify-center px-0', isGroupActive(group, pathname) && activeItemClass)}>
      <Icon aria-hidden />
      <span className="sr-only">{group.title}</span>
    </span>
  );
}

/**
 * A group of the expanded sidebar, open on its own pages: a disclosure button and its links (the
 * markup of Radix Collapsible, written out: its code would weigh on every signed-in page).
 */
function ExpandedGroup({ group, pathname, onNavigate }: GroupProps) {
  const Icon = group.icon;
  const items = group.items ?? [];
  const anyActive = isGroupActive(group, pathname);
  const [open, setOpen] = useState(anyActive);
  const contentId = useId();
  const state = open ? 'open' : 'closed';
  return (
    <div data-state={state} className="group/collapsible">
      <button
        type="button"
        aria-controls={contentId}
        aria-expanded={open}
        data-state={state}
        onClick={() => setOpen(!open)}
        className={cn(navItemClass, anyActive && 'text-foreground')}
      >
        <Icon aria-hidden />
        <span className="flex-1 truncate text-left">{group.title}</span>
        <ChevronRightIcon
          aria-hidden
          className="transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
        />
      </button>
      <div id={contentId} data-state={state} hidden={!open}>
        {open && (
          <ul className="mt-1 ml-5 grid gap-1 border-l border-sidebar-border pl-2">
            {items.map((item) => (
              <li key={item.title}>
                <NavItem
                  link={item}
                  active={isActivePath(pathname, item.href)}
                  collapsed={false}
                  onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
