/**
 * Every browser-storage key the app uses (docs/product.md), in one place.
 * public/theme-init.js repeats LOCAL_KEYS.theme and LOCAL_KEYS.tableDensity because it runs before the bundle.
 */
export const SESSION_KEYS = {
  token: 'token',
  user: 'user',
  isLoggedIn: 'isLoggedIn',
} as const;

export const LOCAL_KEYS = {
  theme: 'theme',
  /** 'compact' or absent (comfortable): lib/table-density.ts. */
  tableDensity: 'table-density',
  collapsedSidebar: 'collapsed-sidebar',
  thanksPopupDismissed: 'thanksPopupDismissed',
  introSeen: 'introSeen',
  /** The command palette's recent lines (app/shell/command-palette-items.ts). */
  paletteRecent: 'palette-recent',
} as const;
