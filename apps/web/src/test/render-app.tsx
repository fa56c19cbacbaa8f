import { render } from '@testing-library/react';
import { MemoryRouter, type NavigateOptions, type To } from 'react-router';
import { createAppNavigation } from '@/app/app-navigation';
import { AppRoutes } from '@/app/app-routes';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { endExpiredSession } from '@/app/session-expiry';

/**
 * Renders the whole app (real routes, providers and global error handling) at `path`. `router`
 * reads where the app is (`router.state.location`, `router.state.historyAction`) and moves it
 * (`router.navigate`), as the tests knew it from React Router's data router.
 */
export function renderApp(path = '/') {
  const navigation = createAppNavigation();
  const queryClient = createQueryClient({
    onUnauthorized: () => endExpiredSession(navigation, queryClient),
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes navigationRef={navigation} />
      </MemoryRouter>
    </AppProviders>,
  );
  const current = () => {
    if (!navigation.current) throw new Error('The app has not rendered its routes yet.');
    return navigation.current;
  };
  const router = {
    state: {
      get location() {
        return current().location;
      },
      get historyAction() {
        return current().action;
      },
    },
    navigate: (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? current().navigate(to) : current().navigate(to, options),
  };
  return { ...view, router, queryClient };
}
