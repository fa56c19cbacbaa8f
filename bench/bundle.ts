import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium, newPage } from '../e2e/support/browser';

export interface BundleFigures {
  loginGzipBytes: number;
  shellGzipBytes: number;
  loginFiles: string[];
  shellFiles: string[];
}

/** Records the JS and CSS a real Chromium loads, and sums their gzip sizes. */
function recordAssets(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(new URL(response.url()).pathname, gzipSync(body).length);
  });
  return sizes;
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

export async function measureBundles(baseURL: string, email: string, password: string): Promise<BundleFigures> {
  const browser = await launchChromium();
  try {
    const { page } = await newPage(browser, baseURL);
    const sizes = recordAssets(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const login = new Map(sizes);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/intro');
    await page.waitForLoadState('networkidle');
    return {
      loginGzipBytes: total(login),
      shellGzipBytes: total(sizes),
      loginFiles: [...login.keys()],
      shellFiles: [...sizes.keys()].filter((file) => !login.has(file)),
    };
  } finally {
    await browser.close();
  }
}
