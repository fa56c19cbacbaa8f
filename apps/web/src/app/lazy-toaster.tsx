import { XIcon } from '@/components/ui/lean-icons';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { dismissToast, TOAST_DEFAULT_DURATION_MS, useToasts } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toast outlet, loaded with the first toast rather than up front (the login page and the app).
 * Its code may not arrive (offline, which is when 'Network Error' is said): the notices then show
 * in a plain outlet that is part of the page already.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <ToasterBoundary>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ToasterBoundary>
  );
}

class ToasterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PlainToasts /> : this.props.children;
  }
}

/** The notices without Radix: the same look, announced by their role, each closing on time. */
export function PlainToasts() {
  const toasts = useToasts().filter((item) => item.open);
  const timings = toasts.map(({ id, duration }) => `${id}:${duration ?? TOAST_DEFAULT_DURATION_MS}`).join(',');
  useEffect(() => {
    const timers = timings
      .split(',')
      .filter(Boolean)
      .map((entry) => {
        const [id = '', duration = ''] = entry.split(':');
        return setTimeout(() => dismissToast(id), Number(duration));
      });
    return () => timers.forEach(clearTimeout);
  }, [timings]);

  return (
    <section
      aria-label="Notifications"
      className="fixed top-0 z-[100] flex w-full flex-col gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 md:max-w-[420px]"
    >
      {toasts.map(({ id, title, description, variant }) => (
        <div
          key={id}
          role={variant === 'destructive' ? 'alert' : 'status'}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg',
            variant === 'destructive'
              ? 'border-destructive-strong bg-destructive-strong text-white'
              : 'border-border bg-popover text-popover-foreground',
          )}
        >
          <div className="grid gap-1">
            {title && <p className="text-sm font-semibold">{title}</p>}
            {description && <p className="text-sm opacity-90">{description}</p>}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => dismissToast(id)}
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </section>
  );
}
