import type { Location, NavigateFunction, NavigationType } from 'react-router';

/**
 * Where the app's router is and how to move it, for code outside the routes: the global 401
 * handler (session-expiry.ts) and the tests. AppRoutes keeps `current` up to date.
 */
export type AppNavigation = {
  current: { location: Location; action: NavigationType; navigate: NavigateFunction } | null;
};

export function createAppNavigation(): AppNavigation {
  return { current: null };
}
