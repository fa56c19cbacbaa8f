import { dismissToast, TOAST_DEFAULT_DURATION_MS, useToasts } from '@/hooks/use-toast';
import '@/lib/class-merge';
import { passEscapeToFocusedDialog } from './escape-below';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/** Renders the toast store; mounted once, in the app providers. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST_DEFAULT_DURATION_MS}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          // Escape in a dialog closes the dialog, even when this notice came after it opened.
          onEscapeKeyDown={(event) => {
            if (passEscapeToFocusedDialog()) event.preventDefault();
          }}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
