import type { RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { adminRoutes } from './admin-routes';

/**
 * Every route of the app. Each page is a lazy chunk, so the login screen loads none of the
 * signed-in area's code. Routes of capabilities not built yet do not exist: they show the 404.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('@/routes/login')).LoginRoute }) },
      { path: '401', lazy: async () => ({ Component: (await import('@/routes/error-pages')).UnauthorizedRoute }) },
      { path: '404', lazy: async () => ({ Component: (await import('@/routes/error-pages')).NotFoundRoute }) },
      { path: '500', lazy: async () => ({ Component: (await import('@/routes/error-pages')).ServerErrorRoute }) },
      { path: '503', lazy: async () => ({ Component: (await import('@/routes/error-pages')).MaintenanceRoute }) },
      {
        lazy: async () => ({ Component: (await import('./shell/signed-in-layout')).SignedInLayout }),
        children: [
          { path: 'intro', lazy: async () => ({ Component: (await import('@/routes/intro')).IntroRoute }) },
          ...adminRoutes,
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./unknown-path-route')).UnknownPathRoute }) },
    ],
  },
];
