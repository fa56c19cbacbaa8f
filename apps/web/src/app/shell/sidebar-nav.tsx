import { ChevronRightIcon, ExternalLinkIcon } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { isActivePath } from '@/lib/is-active-path';
import { cn } from '@/lib/utils';
import { CollapsedGroup } from './collapsed-group';
import { activeItemClass, navItemClass } from './nav-styles';
import type { SideLink } from './sidebar-data';

type SidebarNavProps = {
  links: SideLink[];
  collapsed: boolean;
  /** Called after a link is followed (the mobile menu closes itself with it). */
  onNavigate?: () => void;
};

export function SidebarNav({ links, collapsed, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  return (
    <ul className="grid gap-1">
      {links.map((link) => (
        <li key={link.title}>
          {link.items ? (
            collapsed ? (
              <CollapsedGroup group={link} pathname={pathname} />
            ) : (
              <ExpandedGroup group={link} pathname={pathname} onNavigate={onNavigate} />
            )
          ) : (
            <NavItem
              link={link}
              active={isActivePath(pathname, link.href)}
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
      aria-label={`${link.title} (opens in a new tab)`}
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
  return (
    <Tooltip>
      <TooltipTrigger asChild>{anchor}</TooltipTrigger>
      <TooltipContent side="right">{link.title}</TooltipContent>
    </Tooltip>
  );
}

type GroupProps = { group: SideLink; pathname: string; onNavigate?: () => void };

function ExpandedGroup({ group, pathname, onNavigate }: GroupProps) {
  const Icon = group.icon;
  const items = group.items ?? [];
  // The group's own path counts too: /reports/job and /reports/folders drill down from its links.
  const anyActive = isActivePath(pathname, group.href) || items.some((item) => isActivePath(pathname, item.href));
  return (
    <Collapsible.Root defaultOpen={anyActive} className="group/collapsible">
      <Collapsible.Trigger className={cn(navItemClass, anyActive && 'text-foreground')}>
        <Icon aria-hidden />
        <span className="flex-1 truncate text-left">{group.title}</span>
        <ChevronRightIcon
          aria-hidden
          className="transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
        />
      </Collapsible.Trigger>
      <Collapsible.Content>
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
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
