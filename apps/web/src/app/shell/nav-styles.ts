import { cn } from '@/lib/utils';

/** Shared look of sidebar entries, expanded and collapsed. */
export const navItemClass = cn(
  'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground outline-none',
  'transition-colors hover:bg-sidebar-accent/70 hover:text-foreground',
  'focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0',
);

export const activeItemClass =
  'bg-sidebar-accent text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground';
