import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** What `/settings` shows, the shell never: the settings area's messages. */
const SETTINGS = [
  '<rootDir>/src/routes/settings.tsx',
  '<rootDir>/src/features/settings',
  '<rootDir>/src/features/auth/components/language-form.tsx',
  '<rootDir>/src/features/auth/components/time-zone-form.tsx',
];

/** What the Users screens show (Users, Import users, All Accounts): the users area's messages. */
const USERS = [
  '<rootDir>/src/routes/child-accounts.tsx',
  '<rootDir>/src/routes/import-users.tsx',
  '<rootDir>/src/routes/all-accounts.tsx',
  '<rootDir>/src/features/accounts',
];

/** What the licensing screens show (pools, License Allocations, the Allocate and Revoke dialogs). */
const LICENSING = [
  '<rootDir>/src/routes/license-pools.tsx',
  '<rootDir>/src/routes/pool-users.tsx',
  '<rootDir>/src/routes/pool-edit.tsx',
  '<rootDir>/src/routes/license-allocation.tsx',
  '<rootDir>/src/features/pools',
  // The bulk bar and a bulk change's progress: only Users and the pools (both load this area) show them.
  '<rootDir>/src/components/bulk/bulk-bar.tsx',
  '<rootDir>/src/components/bulk/bulk-progress.tsx',
  '<rootDir>/src/components/ui/progress-bar.tsx',
  ...[
    'allocate-licenses-dialog.tsx',
    'revoke-licenses-dialog.tsx',
    'bulk-transfer-dialog.tsx',
    'transfer-form.tsx',
    'transfer-rows.tsx',
    'target-fields.tsx',
    'product-picker.tsx',
    'allocations-page.tsx',
    'my-allocations-columns.tsx',
    'use-allocation-dialogs.tsx',
    'stock-option.ts',
  ].map((file) => `<rootDir>/src/features/allocations/components/${file}`),
];

/** The lists' Views and Display menus and the saved views' dialogs: loaded with those menus. */
const LISTS = ['<rootDir>/src/components/data-table/data-table-display.tsx', '<rootDir>/src/features/saved-views'];

/** Licenses, a lot, License Movement and the usage report: the stock area's messages. */
const STOCK = [
  '<rootDir>/src/routes/licenses.tsx',
  '<rootDir>/src/routes/license-lot.tsx',
  '<rootDir>/src/routes/license-movement.tsx',
  '<rootDir>/src/routes/license-usage-report.tsx',
  '<rootDir>/src/features/licenses',
  '<rootDir>/src/lib/actor-text.ts',
];

/** The migration reports (Machine, User and Job views, a job's mailboxes, a mailbox's folders). */
const REPORTS = [
  '<rootDir>/src/routes/reports-machine.tsx',
  '<rootDir>/src/routes/reports-users.tsx',
  '<rootDir>/src/routes/reports-jobs.tsx',
  '<rootDir>/src/routes/reports-job.tsx',
  '<rootDir>/src/routes/reports-folders.tsx',
  '<rootDir>/src/features/reports',
  '<rootDir>/src/lib/actor-text.ts',
];

/** Settings → API keys, Webhooks, Single sign-on, MFA policy and Two-factor: the integrations area's messages. */
const INTEGRATIONS = [
  '<rootDir>/src/routes/settings-api-keys.tsx',
  '<rootDir>/src/routes/settings-webhooks.tsx',
  '<rootDir>/src/routes/settings-single-sign-on.tsx',
  '<rootDir>/src/routes/settings-mfa-policy.tsx',
  '<rootDir>/src/routes/settings-two-factor.tsx',
  '<rootDir>/src/features/api-keys',
  '<rootDir>/src/features/webhooks',
  '<rootDir>/src/features/sso',
  '<rootDir>/src/features/mfa-policy',
  '<rootDir>/src/features/two-factor',
];

/** The Audit Trail and the License Forecast: the insight area's messages. */
const INSIGHT = [
  '<rootDir>/src/routes/audit-trail.tsx',
  '<rootDir>/src/routes/license-forecast.tsx',
  '<rootDir>/src/features/audit',
  '<rootDir>/src/features/forecast',
  '<rootDir>/src/lib/actor-text.ts',
];

/** What the server and the contracts write in English, each text its id: loaded with the shell's catalogue but in English. */
const MESSAGES = ['<rootDir>/src/lib/api-messages'];

/**
 * The pages before sign-in (the login page, lean or in the app, forgot and reset password, single
 * sign-on): the sign-in area's messages, in the browser's language, without the shell's.
 */
const SIGNIN = [
  '<rootDir>/src/routes/forgot-password.tsx',
  '<rootDir>/src/routes/reset-password.tsx',
  '<rootDir>/src/routes/sso-sign-in.tsx',
  '<rootDir>/src/features/auth/lib/signin-words.ts',
  ...[
    'login-page.tsx',
    'login-form.tsx',
    'passkey-sign-in-button.tsx',
    'auth-layout.tsx',
    'back-to-login-link.tsx',
    'forgot-password-form.tsx',
    'reset-password-form.tsx',
    'sso-sign-in.tsx',
  ].map((file) => `<rootDir>/src/features/auth/components/${file}`),
];

/**
 * The interface's catalogues (docs/decisions/052-interface-languages.md): English, the spec's
 * wording, is the source; `npm run i18n:extract -w apps/web` adds new messages to every catalogue.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'ja'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The shell's messages and the dashboard's: loaded with the shell (src/lib/i18n.ts).
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: [
        '**/*.test.*',
        ...SETTINGS,
        ...USERS,
        ...LICENSING,
        ...LISTS,
        ...STOCK,
        ...REPORTS,
        ...INTEGRATIONS,
        ...INSIGHT,
        ...MESSAGES,
        ...SIGNIN,
      ],
    },
    // Each lazy screen's: an area, loaded with its route.
    { path: '<rootDir>/src/locales/settings/{locale}', include: SETTINGS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/users/{locale}', include: USERS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/licensing/{locale}', include: LICENSING, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/lists/{locale}', include: LISTS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/stock/{locale}', include: STOCK, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/reports/{locale}', include: REPORTS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/integrations/{locale}', include: INTEGRATIONS, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/insight/{locale}', include: INSIGHT, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/messages/{locale}', include: MESSAGES, exclude: ['**/*.test.*'] },
    { path: '<rootDir>/src/locales/signin/{locale}', include: SIGNIN, exclude: ['**/*.test.*'] },
  ],
  format: formatter({ lineNumbers: false }),
});
