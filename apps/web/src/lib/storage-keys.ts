/**
 * Every browser-storage key the app uses (docs/product.md), in one place.
 * public/theme-init.js repeats LOCAL_KEYS.theme because it runs before the bundle.
 */
export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  isLoggedIn: 'isLoggedIn',
} as const;

export const LOCAL_KEYS = {
  theme: 'theme',
  collapsedSidebar: 'collapsed-sidebar',
  thanksPopupDismissed: 'thanksPopupDismissed',
  introSeen: 'introSeen',
  /** The command palette's recent lines (app/shell/command-palette-items.ts). */
  paletteRecent: 'palette-recent',
} as const;
