import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * A tiny toast store in the shape of shadcn/ui's classic use-toast: `toast()` can be called from
 * anywhere (the global query error handler included) and <Toaster /> renders the state.
 * docs/product.md: one toast at a time, default 5000 ms; callers pass 8000 ms for API notices.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** How long a dismissed toast stays mounted, so its exit animation can play. */
const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of toasts) if (!item.open) scheduleRemoval(item.id);
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  // The same notice is said once: several requests failing together (offline, every list of a
  // screen) raise one 'Network Error', not one per request.
  const same = toasts.find(
    (item) =>
      item.open &&
      item.variant === input.variant &&
      isSameText(item.title, input.title) &&
      isSameText(item.description, input.description),
  );
  if (same) return { id: same.id, dismiss: () => dismissToast(same.id) };
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function isSameText(a: ReactNode, b: ReactNode): boolean {
  return typeof a === 'string' || typeof b === 'string' || a === undefined || b === undefined ? a === b : false;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
