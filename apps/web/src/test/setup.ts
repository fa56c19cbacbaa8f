import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { dismissToast } from '@/hooks/use-toast';
// As the full app's entry does (src/app/app-entry.tsx); login-page.test.tsx renders without it.
import '@/lib/class-merge';
import { mockApi, takeUnhandledRequests } from './mock-api';
// The interface's language (decision 052), as the full app's entry sets it up.
import '@/lib/i18n';

// The first render of a file transforms and loads the app's lazy route chunks, which takes
// seconds on a busy 2-core machine; every test that renders the app waits for them. The wait ends
// as soon as the element appears, so a generous bound costs nothing when the machine is idle.
configure({ asyncUtilTimeout: 15_000 });

// A test that makes a request it did not answer fails, even if the app shrugs the failure off.
beforeEach(() => {
  takeUnhandledRequests(); // strays of an earlier test that outlived it are not this test's
  mockApi({});
});

afterEach(() => {
  cleanup();
  // The toast store outlives a render; a toast of one test must not show in the next.
  dismissToast();
  sessionStorage.clear();
  localStorage.clear();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(`Requests the test did not answer: ${unhandled.join(', ')}`);
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
