import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@/lib/class-merge';
import '@/lib/i18n';
import '../index.css';
import { createAppNavigation } from './app-navigation';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { endExpiredSession } from './session-expiry';

/** The full app: every route, server state and the global request notices. */
export function mount(root: HTMLElement): void {
  const navigation = createAppNavigation();
  const queryClient = createQueryClient({
    onUnauthorized: () => endExpiredSession(navigation, queryClient),
  });

  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes navigationRef={navigation} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
