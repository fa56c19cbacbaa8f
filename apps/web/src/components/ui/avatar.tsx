import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/*
 * The portal's avatars are initials only: plain elements, the markup Radix Avatar gives a fallback
 * without an image, without its code in the signed-in shell (docs/decisions/021-web-weight.md).
 */
export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="avatar"
      className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary/12 text-sm font-semibold text-primary',
        className,
      )}
      {...props}
    />
  );
}
