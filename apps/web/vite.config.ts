import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fileOf, isLeanId, leanLoginPreact } from './build/lean-login-preact.ts';
import { linguiPlugins } from './build/lingui-plugins.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/** src/main.tsx and what it reads before choosing the login page or the app. */
const ENTRY = [/src[\\/]main\.tsx$/, /src[\\/]lib[\\/](session|storage-keys|zod-config)\.ts$/];
/** The modules of the login page's first load that the app's screens use too (each has a Preact copy). */
const UI_BASE = [
  /node_modules[\\/](clsx|class-variance-authority)[\\/]/,
  /src[\\/]lib[\\/](api-client|handle-server-error|utils|form-errors|theme)\.ts$/,
  /src[\\/]hooks[\\/]use-toast\.ts$/,
  /src[\\/]app[\\/]lazy-toaster\.tsx$/,
  /src[\\/]components[\\/](brand-logo|theme-toggle)\.tsx$/,
  /src[\\/]components[\\/]ui[\\/](button|input|label|form-field|character-count|password-input|submit-button|spinner|lean-icons)\.tsx$/,
  /contracts[\\/]src[\\/](sign-in-pages|route|auth-routes|messages)\.ts$/,
];
/** The login page's own modules: the lean entry's copies load with it, the app's on its login route. */
const LOGIN_PAGE = [
  /src[\\/]app[\\/](login-entry\.tsx|preact-client\.ts)$/,
  /src[\\/]features[\\/]auth[\\/]components[\\/](login-page|login-form|auth-layout|auth-heading|app-link|passkey-sign-in-button)\.tsx$/,
  /src[\\/]features[\\/]auth[\\/]lib[\\/](login-validation|login-flow|email-validation|signin-words)\.ts$/,
  // Its messages (decision 052): Lingui's runtime, the sign-in area's English, the browser's language.
  /node_modules[\\/]@lingui[\\/](core|message-utils)[\\/]/,
  /src[\\/]locales[\\/]signin[\\/]en\.po$/,
  /src[\\/]lib[\\/](signin-i18n|browser-locale)\.ts$/,
  /contracts[\\/]src[\\/]locales\.ts$/,
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
  /src[\\/]components[\\/]ui[\\/](table|badge|select-trigger-class|separator)\.tsx?$/,
  /src[\\/]components[\\/]data-table[\\/]list-views-slot\.ts$/,
  /src[\\/]components[\\/]charts[\\/]chart-placeholder\.tsx$/,
  /src[\\/]lib[\\/](format|download-route|save-file|links|license-format|query-keys|page-access|is-active-path|shortcuts)\.ts$/,
  /src[\\/]hooks[\\/]use-is-mobile\.ts$/,
  /contracts[\\/]src[\\/](labels|routes|passkey-routes|password-policy)\.ts$/,
  // Tiny modules the shell and the dashboard share with lazy screens: each would be a file of its
  // own, a few hundred bytes with its imports (the shell's budget, decision 021).
  /src[\\/]features[\\/]auth[\\/]api[\\/]get-me\.ts$/,
  /src[\\/]features[\\/]allocations[\\/](api[\\/]stock-query-keys\.ts|components[\\/]stock-columns\.tsx)$/,
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](key-round|users|x|chevron-right|chevron-down|search)\.mjs$/,
];
const matches = (patterns: RegExp[]) => (id: string) => patterns.some((pattern) => pattern.test(id));
/**
 * The full app's modules, React's side (docs/decisions/043-lean-login-on-preact.md): a group never
 * mixes them with the lean login page's copies, which render with Preact.
 */
const app = (patterns: RegExp[]) => (id: string) => !isLeanId(id) && matches(patterns)(id);
/** The lean login page's copies (`<file>.preact.<ext>`). */
const lean = (patterns: RegExp[]) => (id: string) => isLeanId(id) && matches(patterns)(fileOf(id));

export default defineConfig({
  plugins: [
    // Lingui's macros and catalogues (build/lingui-plugins.ts), before React's plugin.
    ...linguiPlugins(),
    react(),
    tailwindcss(),
    zodWithoutJsonSchema(),
    // `/` signed out: the lean login page, on Preact (decision 043).
    leanLoginPreact({
      entry: /src[\\/]main\.tsx$/,
      leanEntryRequest: './app/login-entry',
      reactDomClient: `${srcDir}/app/preact-client.ts`,
    }),
  ],
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
        // React and the router change rarely: long-cached chunks. The lean login page (src/main.tsx)
        // loads neither: it renders with Preact (decision 043).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 3 },
            // A page loads each of its files gzipped on its own, and two dozen small ones cost
            // about 5 KB more than one (docs/decisions/041-login-page-at-80-kb.md).
            { name: 'index', test: matches(ENTRY), priority: 4 },
            // The sign-in area's English (decision 052) is the lean page's and the app's: a file of its
            // own, so the app never loads the lean page's chunk and stylesheet to read it.
            { name: 'signin-en', test: matches([/src[\\/]locales[\\/]signin[\\/]en\.po$/]), priority: 4 },
            // The lean login page's first load, Preact's copies: one file.
            { name: 'lean-login', test: lean([...UI_BASE, ...LOGIN_PAGE]), priority: 2 },
            // The lean page's toaster and step dialogs, loaded on demand: tailwind-merge, then
            // TanStack Query with the dialogs' providers.
            { name: 'lean-class-merge', test: lean(CLASS_MERGE), priority: 2 },
            { name: 'lean-query', test: lean(QUERY), priority: 2 },
            { name: 'ui-base', test: app(UI_BASE), priority: 2 },
            { name: 'class-merge', test: app(CLASS_MERGE), priority: 2 },
            { name: 'query', test: app(QUERY), priority: 2 },
            { name: 'app', test: app([/src[\\/]app[\\/]app-entry\.tsx$/]), priority: 1 },
            // The endpoint table and its caller, one file: lazy-endpoints.ts shares the table's
            // schemas, which would split it in two (two files gzip worse than one). The sidebar's
            // pinned views and the lists' Views menus share saved-view-links.ts: in here too.
            {
              name: 'call-endpoint',
              test: app([
                /src[\\/]lib[\\/]call-endpoint\.ts$/,
                /contracts[\\/]src[\\/]endpoints\.ts$/,
                /contracts[\\/]src[\\/]saved-view-links\.ts$/,
              ]),
              priority: 1,
            },
            { name: 'screens', test: app(SCREENS), priority: 0 },
          ],
        },
      },
    },
  },
});
