/**
 * Keyboard shortcuts (docs/product.md, the paragraph "Keyboard"): Ctrl/⌘K always; the single-key ones (? and /)
 * unless the person turned them off (WCAG 2.1.4: a speech-input user's words must not fire them).
 * The choice is this browser's, as the theme is.
 */
const KEY = 'shortcuts:single-key';

export function singleKeyShortcutsOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSingleKeyShortcuts(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    // A browser that stores nothing keeps them on.
  }
}

/** A key typed into a field is text, never a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
