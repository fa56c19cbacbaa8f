import { useRef } from 'react';

/**
 * The control to hand focus back to once a dialog closes. A menu item vanishes with its menu, so
 * an item stands for the button that opened the menu (Radix labels a menu by its trigger).
 */
function returnTargetOf(element: EventTarget | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (!menu) return element;
  const trigger = menu.getAttribute('aria-labelledby');
  return trigger ? document.getElementById(trigger) : null;
}

/**
 * The last control that had focus. Read when a dialog opens: by then a menu item that opened it
 * may already be gone from the page, and the browser reports focus on <body>.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => (lastFocused = returnTargetOf(event.target)), true);
}

/**
 * The opener, or, when what opened the dialog was drawn anew meanwhile (a table that changed its
 * layout redraws its rows), the control that now has its id.
 */
function found(opener: HTMLElement | null): HTMLElement | null {
  if (!opener || opener.isConnected) return opener;
  return opener.id ? document.getElementById(opener.id) : null;
}

type AutoFocusHandlers = {
  onOpenAutoFocus?: ((event: Event) => void) | undefined;
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
};

/**
 * Radix returns focus only to a Dialog.Trigger; the portal's dialogs open from buttons and row
 * menus that are not triggers, so without this a keyboard user restarts at the top of the page.
 * Takes the content's own handlers and answers them composed with the return of focus: a caller
 * that prevents the close's default keeps the focus where it put it.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event): void {
      opener.current = returnTargetOf(document.activeElement) ?? lastFocused;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event): void {
      onCloseAutoFocus?.(event);
      const target = found(opener.current);
      opener.current = null;
      if (event.defaultPrevented || !target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
