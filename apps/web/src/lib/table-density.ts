import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS } from './storage-keys';

/**
 * How tall the rows of every table are: comfortable (the default) or compact, this browser's choice
 * as the theme is. It is `data-density` on <html> (public/theme-init.js sets it before the first
 * paint), and index.css narrows the cells under it, so no table re-renders for it.
 */
export type TableDensity = 'comfortable' | 'compact';
export const TABLE_DENSITIES: readonly TableDensity[] = ['comfortable', 'compact'];

const listeners = new Set<() => void>();

export function currentDensity(): TableDensity {
  return document.documentElement.dataset.density === 'compact' ? 'compact' : 'comfortable';
}

export function setTableDensity(density: TableDensity): void {
  const root = document.documentElement;
  if (density === 'compact') root.dataset.density = 'compact';
  else delete root.dataset.density;
  try {
    if (density === 'compact') localStorage.setItem(LOCAL_KEYS.tableDensity, 'compact');
    else localStorage.removeItem(LOCAL_KEYS.tableDensity);
  } catch {
    // A browser that stores nothing keeps the choice for this visit.
  }
  listeners.forEach((listener) => listener());
}

export function useTableDensity(): TableDensity {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentDensity);
}
