import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium, newPage } from '../e2e/support/browser';

/**
 * The JS and CSS of the login page: issue 23's 80 KB, measured 26.7 since the lean entry renders with
 * Preact (docs/decisions/043-lean-login-on-preact.md; 84.9 with React, decision 041).
 */
export const LOGIN_BUDGET_BYTES = 80 * 1024;
/** The signed-in shell with the dashboard, opened by a page load (docs/decisions/021-web-weight.md, 041, 043). */
export const DASHBOARD_BUDGET_BYTES = 200 * 1024;

/** What one page load fetched: each JS and CSS file by path, with its gzip size. */
export interface PageLoad {
  gzipBytes: number;
  files: Map<string, number>;
}

export interface BundleFigures {
  /** `/` opened signed out: the lean login page. */
  login: PageLoad;
  /** `/dashboard` opened signed in: the entry, the router, the shell and the dashboard page. */
  dashboard: PageLoad;
}

/**
 * Records every JS and CSS file the page fetches (entries, static and dynamic imports, module
 * preloads, stylesheets), each once by path, with its gzip size (zlib's default level).
 */
function recordAssets(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname;
    if (type !== 'script' && type !== 'stylesheet' && !/\.(js|css)$/.test(path)) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(path, gzipSync(body).length);
  });
  return sizes;
}

function pageLoad(sizes: Map<string, number>): PageLoad {
  const files = new Map(sizes);
  return { gzipBytes: [...files.values()].reduce((a, b) => a + b, 0), files };
}

/**
 * What a real Chromium loads, with its cache off so every load fetches all it uses: `/` signed
 * out, then, after a sign-in through the form, a page load of `/dashboard` (the same tab, which
 * keeps the session).
 */
export async function measureBundles(baseURL: string, email: string, password: string): Promise<BundleFigures> {
  const browser = await launchChromium();
  try {
    const { context, page } = await newPage(browser, baseURL);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const sizes = recordAssets(page);

    await page.goto('/', { waitUntil: 'networkidle' });
    const login = pageLoad(sizes);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/');
    await page.waitForLoadState('networkidle');

    sizes.clear();
    await page.goto('/dashboard', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    return { login, dashboard: pageLoad(sizes) };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bench's lines: each page load against its budget. */
export function bundleLines(figures: BundleFigures): string[] {
  const line = (name: string, load: PageLoad, budget: number) =>
    `  ${name.padEnd(28)} ${kb(load.gzipBytes).padStart(9)} in ${String(load.files.size).padStart(2)} files` +
    `  (budget ${kb(budget)}: ${load.gzipBytes <= budget ? 'within' : 'OVER'})`;
  return [
    'Web bundle (JS and CSS, gzip, as Chromium loads each page):',
    line('login page /', figures.login, LOGIN_BUDGET_BYTES),
    line('shell + dashboard /dashboard', figures.dashboard, DASHBOARD_BUDGET_BYTES),
  ];
}

export function bundlesWithinBudget(figures: BundleFigures): boolean {
  return figures.login.gzipBytes <= LOGIN_BUDGET_BYTES && figures.dashboard.gzipBytes <= DASHBOARD_BUDGET_BYTES;
}

/** The files of one load, largest first, for finding what to move (bench/bundle-report.ts). */
export function fileLines(load: PageLoad): string[] {
  return [...load.files.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([file, bytes]) => `    ${kb(bytes).padStart(9)}  ${file}`);
}
