import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes';
import { lazyPage } from './lazy-page';
import { licenseRoutes } from './license-routes';
import { reportRoutes } from './report-routes';
import { activateSignIn, withAreas } from '@/lib/i18n';
import { stockRoutes } from './stock-routes';

type SettingsModule = typeof import('@/routes/settings');
/** A page of `/settings`, with its messages in the language shown (decision 052). */
const settingsPage = (pick: (module: SettingsModule) => ComponentType) =>
  lazyPage(() => withAreas(() => import('@/routes/settings'), 'settings').then(pick));
/** A settings page of the integrations area (API keys, webhooks, sign-in security), with its messages. */
const integrationsPage = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazyPage(() => withAreas(load, 'integrations').then(pick));

/** A page before sign-in, in the browser's language with the sign-in area's messages (decision 052). */
const signInPage = (load: () => Promise<ComponentType>) =>
  lazyPage(() => Promise.all([load(), activateSignIn()]).then(([page]) => page));

/**
 * Every route of the app (rendered by app-routes.tsx). Each page is a lazy chunk, so the login
 * screen loads none of the signed-in area's code.
 */
export const routes: RouteObject[] = [
  { index: true, element: signInPage(() => import('@/routes/login').then((m) => m.LoginRoute)) },
  {
    path: PAGES.forgotPassword,
    element: signInPage(() => import('@/routes/forgot-password').then((m) => m.ForgotPasswordRoute)),
  },
  {
    path: PAGES.ssoSignIn,
    element: signInPage(() => import('@/routes/sso-sign-in').then((m) => m.SsoSignInRoute)),
  },
  {
    path: SECURITY_PAGES.ssoCallback,
    element: signInPage(() => import('@/routes/sso-callback').then((m) => m.SsoCallbackRoute)),
  },
  {
    path: PAGES.resetPassword,
    element: signInPage(() => import('@/routes/reset-password').then((m) => m.ResetPasswordRoute)),
  },
  {
    path: PAGES.unauthorized,
    element: lazyPage(() => import('@/routes/error-pages').then((m) => m.UnauthorizedRoute)),
  },
  { path: PAGES.notFound, element: lazyPage(() => import('@/routes/error-pages').then((m) => m.NotFoundRoute)) },
  { path: PAGES.serverError, element: lazyPage(() => import('@/routes/error-pages').then((m) => m.ServerErrorRoute)) },
  { path: PAGES.maintenance, element: lazyPage(() => import('@/routes/error-pages').then((m) => m.MaintenanceRoute)) },
  {
    element: lazyPage(() => import('./shell/signed-in-layout').then((m) => m.SignedInLayout)),
    children: [
      { path: PAGES.intro, element: lazyPage(() => import('@/routes/intro').then((m) => m.IntroRoute)) },
      {
        path: PAGES.settings,
        element: settingsPage((m) => m.SettingsRoute),
        children: [
          {
            index: true,
            element: settingsPage((m) => m.SettingsProfileRoute),
          },
          {
            path: PAGES.changePassword,
            element: settingsPage((m) => m.SettingsChangePasswordRoute),
          },
          {
            path: PAGES.alertSettings,
            element: settingsPage((m) => m.SettingsAlertsRoute),
          },
          {
            path: PAGES.twoFactor,
            element: integrationsPage(
              () => import('@/routes/settings-two-factor'),
              (m) => m.SettingsTwoFactorRoute,
            ),
          },
          {
            path: PAGES.apiKeys,
            element: integrationsPage(
              () => import('@/routes/settings-api-keys'),
              (m) => m.SettingsApiKeysRoute,
            ),
          },
          {
            path: PAGES.webhooks,
            element: integrationsPage(
              () => import('@/routes/settings-webhooks'),
              (m) => m.SettingsWebhooksRoute,
            ),
          },
          {
            path: SECURITY_PAGES.mfaPolicy,
            element: integrationsPage(
              () => import('@/routes/settings-mfa-policy'),
              (m) => m.SettingsMfaPolicyRoute,
            ),
          },
          {
            path: SECURITY_PAGES.singleSignOn,
            element: integrationsPage(
              () => import('@/routes/settings-single-sign-on'),
              (m) => m.SettingsSingleSignOnRoute,
            ),
          },
        ],
      },
      ...adminRoutes,
      ...licenseRoutes,
      ...stockRoutes,
      ...reportRoutes,
    ],
  },
  { path: '*', element: lazyPage(() => import('./unknown-path-route').then((m) => m.UnknownPathRoute)) },
];
