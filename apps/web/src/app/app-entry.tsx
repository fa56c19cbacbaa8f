import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import '../index.css';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { endExpiredSession } from './session-expiry';

/** The full app: every route, server state and the global request notices. */
export function mount(root: HTMLElement): void {
  const router = createBrowserRouter(routes);
  const queryClient = createQueryClient({
    onUnauthorized: () => void endExpiredSession(router, queryClient),
  });

  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
