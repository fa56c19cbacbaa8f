/**
 * Radix hands Escape to the layer opened last, and a toast is a layer too: a notice that appears
 * while a dialog is open (the success of the form that opened it) would take the dialog's first
 * Escape. The toaster passes that Escape on with this event to the dialog that holds focus, which
 * closes as its own Escape would and cancels the event; the notice then stays.
 */
export const ESCAPE_BELOW_EVENT = 'portal:escape-below';

/** Hands an Escape to the dialog holding focus; answers whether that dialog took it. */
export function passEscapeToFocusedDialog(): boolean {
  const focused = document.activeElement;
  const dialog = focused instanceof Element ? focused.closest('[data-slot="dialog-content"]') : null;
  if (!dialog) return false;
  return !dialog.dispatchEvent(new Event(ESCAPE_BELOW_EVENT, { cancelable: true }));
}
