import { LOCAL_KEYS } from './storage-keys';

export type Theme = 'light' | 'dark';

/** Light is the default (docs/product.md); public/theme-init.js applies the stored choice before paint. */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  localStorage.setItem(LOCAL_KEYS.theme, theme);
}
