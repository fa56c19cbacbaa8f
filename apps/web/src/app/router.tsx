import type { RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { adminRoutes } from './admin-routes';
import { licenseRoutes } from './license-routes';
import { reportRoutes } from './report-routes';
import { stockRoutes } from './stock-routes';

/**
 * Every route of the app. Each page is a lazy chunk, so the login screen loads none of the
 * signed-in area's code.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('@/routes/login')).LoginRoute }) },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('@/routes/forgot-password')).ForgotPasswordRoute }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('@/routes/reset-password')).ResetPasswordRoute }),
      },
      { path: '401', lazy: async () => ({ Component: (await import('@/routes/error-pages')).UnauthorizedRoute }) },
      { path: '404', lazy: async () => ({ Component: (await import('@/routes/error-pages')).NotFoundRoute }) },
      { path: '500', lazy: async () => ({ Component: (await import('@/routes/error-pages')).ServerErrorRoute }) },
      { path: '503', lazy: async () => ({ Component: (await import('@/routes/error-pages')).MaintenanceRoute }) },
      {
        lazy: async () => ({ Component: (await import('./shell/signed-in-layout')).SignedInLayout }),
        children: [
          { path: 'intro', lazy: async () => ({ Component: (await import('@/routes/intro')).IntroRoute }) },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await import('@/routes/settings')).SettingsRoute }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('@/routes/settings')).SettingsProfileRoute }),
              },
              {
                path: 'change-password',
                lazy: async () => ({ Component: (await import('@/routes/settings')).SettingsChangePasswordRoute }),
              },
            ],
          },
          ...adminRoutes,
          ...licenseRoutes,
          ...stockRoutes,
          ...reportRoutes,
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./unknown-path-route')).UnknownPathRoute }) },
    ],
  },
];
