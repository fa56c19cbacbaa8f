import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const inputClassName = cn(
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs',
  'transition-[color,box-shadow] outline-none placeholder:text-muted-foreground md:text-sm dark:bg-input/10',
  'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'file:border-0 file:bg-transparent file:text-sm file:font-medium',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} data-slot="input" className={cn(inputClassName, className)} {...props} />;
}
