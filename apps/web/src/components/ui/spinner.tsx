import { LoaderCircleIcon } from './lean-icons';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** An animated loading icon; pass `label` when it is the only sign that something is loading. */
export function Spinner({ className, label, ...props }: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircleIcon
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** Fills the viewport while the app waits for something it cannot render without (the roles). */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center bg-background">
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}
