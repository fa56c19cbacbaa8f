import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';

afterEach(() => {
  cleanup();
  // The toast store outlives a render; a toast of one test must not show in the next.
  dismissToast();
  sessionStorage.clear();
  localStorage.clear();
});

// jsdom has no matchMedia; the app asks it whether the window is phone-sized. Tests get a desktop.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
