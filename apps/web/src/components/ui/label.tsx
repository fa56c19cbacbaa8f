import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * A label that, as Radix's Label does, keeps a double click from selecting its text; written out
 * so that Radix stays off the login page (docs/decisions/041-login-page-at-80-kb.md).
 */
/** The label's look, for a caption that labels a group rather than one control (a `<span>`). */
export const labelClassName =
  'flex items-center gap-2 text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50';

export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  function handleMouseDown(event: MouseEvent<HTMLLabelElement>) {
    if ((event.target as Element).closest('button, input, select, textarea')) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  }
  return <label data-slot="label" className={cn(labelClassName, className)} onMouseDown={handleMouseDown} {...props} />;
}
