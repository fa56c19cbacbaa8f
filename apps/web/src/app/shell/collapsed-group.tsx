import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { isActivePath } from '@/lib/is-active-path';
import { cn } from '@/lib/utils';
import { isGroupActive, type SideLink } from './sidebar-data';
import { activeItemClass, navItemClass } from './nav-styles';

/** docs/product.md: a collapsed group's menu opens 100 ms after the pointer rests on it. */
const OPEN_DELAY_MS = 100;
const CLOSE_DELAY_MS = 150;

/** A group of the collapsed sidebar: an icon that opens its sub-items as a menu (hover or keyboard). */
export function CollapsedGroup({ group, pathname }: { group: SideLink; pathname: string }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  const items = group.items ?? [];
  const anyActive = isGroupActive(group, pathname);
  const Icon = group.icon;

  function schedule(next: boolean, delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger
        ref={trigger}
        className={cn(navItemClass, 'justify-center px-0', anyActive && activeItemClass)}
        onPointerEnter={(event) => event.pointerType === 'mouse' && schedule(true, OPEN_DELAY_MS)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && schedule(false, CLOSE_DELAY_MS)}
        // Already opened by hovering: a click must not toggle it shut again.
        onPointerDown={(event) => open && event.preventDefault()}
      >
        <Icon aria-hidden />
        <span className="sr-only">{group.title}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="right"
        align="start"
        sideOffset={8}
        className="min-w-48"
        onPointerEnter={() => clearTimeout(timer.current)}
        // The click that follows a hover lands on the icon, outside the menu: it must not dismiss it.
        onInteractOutside={(event) => {
          if (trigger.current?.contains(event.target as Node)) event.preventDefault();
        }}
        onPointerLeave={(event) => event.pointerType === 'mouse' && schedule(false, CLOSE_DELAY_MS)}
      >
        <DropdownMenuLabel>{group.title}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map((item) => {
          const ItemIcon = item.icon;
          const active = isActivePath(pathname, item.href);
          return (
            <DropdownMenuItem key={item.title} asChild className={cn(active && 'bg-accent font-medium')}>
              <Link to={item.href} aria-current={active ? 'page' : undefined}>
                <ItemIcon aria-hidden />
                {item.title}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
