import { useCallback, useEffect, useState } from 'react';
import { MOBILE_QUERY } from '@/hooks/use-is-mobile';
import { LOCAL_KEYS } from '@/lib/storage-keys';

function readCollapsed(): boolean {
  return localStorage.getItem(LOCAL_KEYS.collapsedSidebar) === 'true';
}

/**
 * The desktop sidebar's collapsed state, kept in localStorage (docs/product.md, "Sidebar");
 * a window narrower than 768 px resets it to expanded.
 */
export function useSidebarCollapsed(): [collapsed: boolean, setCollapsed: (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(() => readCollapsed() && !window.matchMedia(MOBILE_QUERY).matches);

  const setCollapsed = useCallback((next: boolean) => {
    localStorage.setItem(LOCAL_KEYS.collapsedSidebar, String(next));
    setState(next);
  }, []);

  useEffect(() => {
    const narrow = window.matchMedia(MOBILE_QUERY);
    const resetWhenNarrow = () => {
      if (narrow.matches) setCollapsed(false);
    };
    narrow.addEventListener('change', resetWhenNarrow);
    return () => narrow.removeEventListener('change', resetWhenNarrow);
  }, [setCollapsed]);

  return [collapsed, setCollapsed];
}
