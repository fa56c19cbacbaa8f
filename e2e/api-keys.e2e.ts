import type { Locator, Page } from '@playwright/test';
import { API_KEY_MSG, API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@portal/contracts/api-keys';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { closeDialog, toast } from './support/accounts';
import { apiUrl, isCallOf } from './support/api';
import { expect, expectAccessible, PHONE, screenshot, test } from './support/fixtures';
import { field } from './support/provision';
import { endsAt } from './support/pages';
import { cellOf, rowsWith } from './support/stock';

/**
 * API keys (decision 032) through the browser: an Admin makes a key for the migration agent in
 * Settings, reads it the one time it is shown, the agent calls with it (the list then says when and
 * from where), and once the key is revoked the same call is refused. The demo organisation's own
 * agent keys are in the list too: the journey finds its key by the first characters it was shown.
 */

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });
const keysTable = (page: Page) => page.getByRole('table', { name: 'Keys' });

/** Creates a key through the dialog (a scope is required first) and answers the key it shows once. */
async function createKey(page: Page, name: string): Promise<string> {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (isCallOf(ROUTES.createApiKey, request.url(), request.method())) posts.push(request.url());
  });
  await page.getByRole('button', { name: 'Create API key' }).click();
  // Its name changes once the key is shown: the page holds one dialog.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Create API key');
  await expect(field(dialog, 'Expires in (days)')).toHaveValue('365');

  await field(dialog, 'Name').fill(name);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText(API_KEY_MSG.scopesRequired)).toBeVisible();
  expect(posts).toHaveLength(0);

  // Keyboard: Space ticks the focused checkbox.
  const agent = dialog.getByRole('checkbox', { name: 'Migration agent' });
  await agent.focus();
  await page.keyboard.press('Space');
  await expect(agent).toBeChecked();
  await expect(dialog.getByText(API_KEY_MSG.scopesRequired)).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  const shown = field(dialog, 'API key');
  await expect(shown).toHaveValue(new RegExp(`^${API_KEY_PREFIX}`));
  await expect(shown).toHaveAttribute('readonly', '');
  await expect(dialog).toHaveAccessibleName('New API key');
  await expect(dialog.getByText(API_KEY_MSG.created)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(posts).toHaveLength(1);
  const key = await shown.inputValue();
  expect(key.startsWith('mhk_')).toBe(true);
  // The dialog that shows the key, checked in light and dark (no picture: it would keep the key).
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`input[value="${key}"]`)).toHaveCount(0);
  return key;
}

/** The row of the key that starts with these characters (the list shows no more of it). */
async function rowOf(page: Page, key: string): Promise<Locator> {
  const row = rowsWith(keysTable(page), `${key.slice(0, API_KEY_SHOWN_LENGTH)}…`);
  await expect(row).toHaveCount(1);
  return row;
}

test('an Admin creates an API key for the agent, sees it used, and revokes it: the agent is refused', async ({
  adminPage: page,
  request,
  baseURL,
}) => {
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await settingsNav(page).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(endsAt(PAGES.apiKeys));
  await expect(page.getByRole('heading', { name: 'API keys', level: 2 })).toBeVisible();
  await expect(page.locator('code', { hasText: 'Authorization: Bearer <key>' })).toBeVisible();
  await expect(keysTable(page).getByRole('row').nth(1)).toBeVisible();

  const key = await createKey(page, 'CI key');
  const table = keysTable(page);
  let row = await rowOf(page, key);
  await expect(await cellOf(table, row, 'Name')).toHaveText(
    `CI key${key.slice(0, API_KEY_SHOWN_LENGTH)}… · Migration agent`,
  );
  await expect(await cellOf(table, row, 'Last used')).toHaveText('Never');
  await expect(await cellOf(table, row, 'Status')).toHaveText('Active');

  // The migration agent calls as admin@ with the key.
  const registerMachine = () =>
    request.post(apiUrl(baseURL!, ROUTES.agentRegisterMachine), {
      headers: { Authorization: `Bearer ${key}` },
      data: { name: 'E2E-KEY-MACHINE', fingerprint: 'e2e-fp-1' },
    });
  const used = await registerMachine();
  expect(used.status(), await used.text()).toBe(200);

  await page.reload();
  row = await rowOf(page, key);
  const lastUsed = await cellOf(table, row, 'Last used');
  await expect(lastUsed).not.toHaveText('Never');
  await expect(lastUsed).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  await expect(lastUsed).toContainText('127.0.0.1');
  await screenshot(page, 'settings-api-keys');

  await row.getByRole('button', { name: 'Revoke CI key' }).click();
  const confirm = page.getByRole('alertdialog', { name: "Revoke API key 'CI key'?" });
  await expect(confirm.getByText('Programs using it stop at once.')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
  await toast(page, API_KEY_MSG.revoked);
  await expect(confirm).toHaveCount(0);
  await expect(await cellOf(table, row, 'Status')).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);

  const refused = await registerMachine();
  expect(refused.status(), await refused.text()).toBe(401);
});

test('on a 375 px phone the API keys list and the Create dialog fit the screen', async ({ signedIn }) => {
  const page = await signedIn('user@example.com', { viewport: PHONE });
  await page.goto(PAGES.apiKeys);
  await expect(page.getByRole('heading', { name: 'API keys', level: 2 })).toBeVisible();
  // The demo gave user@'s agent a key of its own.
  await expect(keysTable(page).getByRole('row').nth(1)).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'settings-api-keys-375');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(dialog.getByRole('checkbox', { name: 'Read only' })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await closeDialog(dialog);
});

test('an Auditor, who holds no keys, is not offered API keys', async ({ auditorPage: page }) => {
  await page.goto(PAGES.settings);
  await expect(field(page, 'Username')).toBeVisible();
  await expect(settingsNav(page).getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await page.goto(PAGES.apiKeys);
  await expect(page).not.toHaveURL(endsAt(PAGES.apiKeys));
});
