import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ComponentProps, useRef } from 'react';
import '@/lib/class-merge';
import { cn } from '@/lib/utils';
import { ESCAPE_BELOW_EVENT } from './escape-below';
import { useReturnFocus } from './return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out',
        className,
      )}
      {...props}
    />
  );
}

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean };

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: DialogContentProps) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const close = useRef<HTMLButtonElement>(null);
  // An Escape a toast above took (escape-below.ts): close as Radix would, unless the dialog keeps
  // its Escape (onEscapeKeyDown prevented) or has no close button.
  const takeEscapeFromAbove = (node: HTMLDivElement | null) => {
    if (!node) return;
    const listener = (event: Event) => {
      const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
      onEscapeKeyDown?.(escape);
      if (escape.defaultPrevented || !close.current) return;
      event.preventDefault();
      close.current.click();
    };
    node.addEventListener(ESCAPE_BELOW_EVENT, listener);
    return () => node.removeEventListener(ESCAPE_BELOW_EVENT, listener);
  };
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2',
          'gap-4 rounded-lg border bg-background p-6 shadow-lg outline-none sm:max-w-lg',
          // Never taller than the window: a long form or text scrolls inside, down to its buttons.
          'max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain',
          'data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out',
          className,
        )}
        {...returnFocus}
        onEscapeKeyDown={onEscapeKeyDown}
        ref={takeEscapeFromAbove}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            ref={close}
            aria-label="Close"
            className={cn(
              'absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100',
              'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              'focus-visible:ring-offset-background',
            )}
          >
            <XIcon className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-none font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
