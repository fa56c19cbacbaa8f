import { PAGES } from '@portal/contracts/pages';
import { DASHBOARD_BUDGET_BYTES, LOGIN_BUDGET_BYTES, measureBundles } from '../bench/bundle';
import { DEMO_PASSWORD } from './support/browser';
import { expect, screenshot, test } from './support/fixtures';
import { expectText, field, submitLogin } from './support/provision';

/**
 * The lean login page, its budget, its checks and its looks; the signed-in shell
 * with the dashboard, its own budget (docs/decisions/021-web-weight.md).
 */
test(`the login page loads at most ${LOGIN_BUDGET_BYTES / 1024} KB gzip of JS and CSS without React or the router, the shell with the dashboard at most ${DASHBOARD_BUDGET_BYTES / 1024} KB`, async ({
  baseURL,
}) => {
  // admin@: the dashboard with all four sections.
  const figures = await measureBundles(baseURL!, 'admin@example.com', DEMO_PASSWORD);
  const loginFiles = [...figures.login.files.keys()];
  const dashboardFiles = [...figures.dashboard.files.keys()];
  test.info().annotations.push({
    type: 'bundle',
    description:
      `login page: ${figures.login.gzipBytes} B gzip in ${loginFiles.length} files;` +
      ` shell + dashboard: ${figures.dashboard.gzipBytes} B gzip in ${dashboardFiles.length} files`,
  });
  expect(figures.login.gzipBytes).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  // The page renders with Preact (decision 043): none of the full app's chunks (apps/web/vite.config.ts),
  // React's first, nor the router, the app's entry and UI base, TanStack Query, the screens' base, and
  // no tailwind-merge, which waits for a dialog or the toaster (decision 041).
  expect(loginFiles.filter((file) => /\/(react|router|app|ui-base|query|screens|class-merge)-/.test(file))).toEqual([]);
  expect(loginFiles.some((file) => /\/preact-/.test(file))).toBe(true);

  expect(figures.dashboard.gzipBytes).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  expect(dashboardFiles.some((file) => /\/react-/.test(file))).toBe(true);
  expect(dashboardFiles.some((file) => /\/router-/.test(file))).toBe(true);
  // The full app carries none of the lean page's Preact copies.
  expect(dashboardFiles.filter((file) => /\/(preact|lean-[\w-]+)-|\.preact-/.test(file))).toEqual([]);
  expect(dashboardFiles.some((file) => /\/dashboard-/.test(file))).toBe(true);
  // What waits for its first use stays out of the first signed-in screen.
  expect(
    dashboardFiles.filter((file) =>
      /\/(toaster|user-menu-dropdown|mobile-nav|collapsed-group|side-tooltip-radix|page-size-menu)-/.test(file),
    ),
  ).toEqual([]);
});

test('the login page checks its fields, reports a refusal, and looks right on a phone and in dark', async ({
  page,
}) => {
  await page.goto(PAGES.signIn);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await screenshot(page, 'auth-login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expectText(page, 'Please enter your email');
  await expectText(page, 'Please enter your password');
  await field(page, 'Email').fill('not-an-email');
  await expectText(page, 'Invalid email address');
  await screenshot(page, 'auth-login-errors');

  await submitLogin(page, 'nobody@example.com', 'not the password');
  await expectText(page, 'Invalid email or password.');
  await expect(page).toHaveURL((url) => url.pathname === PAGES.signIn);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await screenshot(page, 'auth-login-375-dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await screenshot(page, 'auth-login-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await screenshot(page, 'auth-login-dark');
});
