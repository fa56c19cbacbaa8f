import './lib/zod-config';
import { hasSession } from './lib/session';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

type Entry = { mount: (root: HTMLElement) => void | Promise<void> };

/**
 * The login page has a size budget (docs/decisions/002-login-page-budget.md): a visitor who opens
 * `/` signed out gets the lean login entry, without the router, TanStack Query or classic zod.
 * Everything else loads the full app.
 */
const entry: Promise<Entry> =
  window.location.pathname === '/' && !hasSession() ? import('./app/login-entry') : import('./app/app-entry');

entry
  .then(({ mount }) => mount(root))
  .catch(() => {
    // Typically a deployment replaced the files this page was built with.
    root.textContent = 'The portal could not be loaded. Please reload the page.';
  });
