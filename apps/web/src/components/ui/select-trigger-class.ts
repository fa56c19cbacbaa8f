import { cn } from '@/lib/utils';

/** The look of a select's button: Radix Select's trigger, and the stand-in that loads it on demand. */
export const selectTriggerClass = cn(
  'flex w-fit items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-sm whitespace-nowrap shadow-xs',
  'transition-[color,box-shadow] outline-none data-[size=default]:h-9 data-[size=sm]:h-8 dark:bg-input/10 dark:hover:bg-input/20',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring data-[placeholder]:text-muted-foreground',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40',
  'disabled:cursor-not-allowed disabled:opacity-50',
  '*:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2',
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground",
);
