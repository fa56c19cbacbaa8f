import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/** src/main.tsx and what it reads before choosing the login page or the app. */
const ENTRY = [/src[\\/]main\.tsx$/, /src[\\/]lib[\\/](session|storage-keys|zod-config)\.ts$/];
/** The modules of the lean login page's first load that the app's screens use too. */
const UI_BASE = [
  /node_modules[\\/](clsx|class-variance-authority)[\\/]/,
  /src[\\/]lib[\\/](api-client|handle-server-error|utils|form-errors|theme)\.ts$/,
  /src[\\/]hooks[\\/]use-toast\.ts$/,
  /src[\\/]app[\\/]lazy-toaster\.tsx$/,
  /src[\\/]components[\\/](brand-logo|theme-toggle)\.tsx$/,
  /src[\\/]components[\\/]ui[\\/](button|input|label|form-field|character-count|password-input|submit-button|spinner|lean-icons)\.tsx$/,
  /contracts[\\/]src[\\/](sign-in-pages|route|auth-routes|messages)\.ts$/,
];
/**
 * The login page's own modules, which the app loads only on `/`. Not src/app/login-entry.tsx: it
 * brings login.css, which the app, showing the login page inside the router, must not load over
 * its own stylesheet (the two order the same utilities differently).
 */
const LOGIN_PAGE = [
  /src[\\/]features[\\/]auth[\\/]components[\\/](login-page|login-form|auth-layout|auth-heading|app-link|passkey-sign-in-button)\.tsx$/,
  /src[\\/]features[\\/]auth[\\/]lib[\\/](login-validation|login-flow|email-validation)\.ts$/,
  /src[\\/]features[\\/]auth[\\/]api[\\/](login|get-roles)\.ts$/,
];
/** tailwind-merge: the app's, and the lean login page's toaster and dialogs'. */
const CLASS_MERGE = [/node_modules[\\/]tailwind-merge[\\/]/, /src[\\/]lib[\\/]class-merge\.ts$/];
/** Server state: the app's, and the lean login page's step dialogs' (without the router). */
const QUERY = [
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  /src[\\/]app[\\/](query-client|mfa-setup-provider|lean-dialog-providers)\.tsx?$/,
];
/** Small modules that most signed-in screens load (the dashboard among them), none with a library. */
const SCREENS = [
  /src[\\/]components[\\/](page-header|export-csv-button)\.tsx$/,
  /src[\\/]components[\\/]ui[\\/](table|badge|select-trigger-class)\.tsx?$/,
  /src[\\/]components[\\/]charts[\\/]chart-placeholder\.tsx$/,
  /src[\\/]lib[\\/](format|download-route|save-file|links|license-format|query-keys|page-access|is-active-path)\.ts$/,
  /src[\\/]hooks[\\/]use-is-mobile\.ts$/,
  /contracts[\\/]src[\\/](labels|routes|passkey-routes|password-policy)\.ts$/,
];
const matches = (patterns: RegExp[]) => (id: string) => patterns.some((pattern) => pattern.test(id));

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema()],
  resolve: { alias: { '@': srcDir } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the portal supports preloads modules natively; the polyfill would only weigh
    // on the login page's budget.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and the router change rarely: long-cached chunks. They are two, because the lean
        // login page (src/main.tsx) needs React but not the router.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            // A page loads each of its files gzipped on its own, and two dozen small ones cost
            // about 5 KB more than one (docs/decisions/041-login-page-at-80-kb.md): what the lean
            // login page shares with the app is one file, the page's own code another.
            { name: 'index', test: matches(ENTRY), priority: 4 },
            { name: 'ui-base', test: matches(UI_BASE), priority: 2 },
            // The login page's toaster and dialogs fetch tailwind-merge without TanStack Query.
            { name: 'class-merge', test: matches(CLASS_MERGE), priority: 2 },
            { name: 'query', test: matches(QUERY), priority: 2 },
            { name: 'login', test: matches(LOGIN_PAGE), priority: 1 },
            { name: 'app', test: /src[\\/]app[\\/]app-entry\.tsx$/, priority: 1 },
            { name: 'screens', test: matches(SCREENS), priority: 0 },
          ],
        },
      },
    },
  },
});
