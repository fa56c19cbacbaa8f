import { PAGES } from '@portal/contracts/pages';
import { expect, PHONE, screenshot, test } from './support/fixtures';

/**
 * The command palette (decision 048), by keyboard alone: Ctrl+K opens it anywhere, typing finds a
 * page, a user and a machine of the demo Admin's (the server's search, in its scope), Enter opens
 * each, the lines opened come back under Recent, and "Create user" opens the Create User dialog.
 */
test('an Admin finds pages, users and machines with Ctrl+K, by keyboard alone', async ({ adminPage: page }) => {
  await page.goto(PAGES.dashboard);
  // The shell, whose shortcut opens the palette, is on screen.
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Search the portal' });
  const input = palette.getByRole('combobox');

  await page.keyboard.press('Control+k');
  await expect(palette).toBeVisible();
  await expect(input).toBeFocused();
  await page.keyboard.type('lic mov');
  await expect(palette.getByRole('option', { name: 'License Movement' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === PAGES.licenseMovement);
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('user2');
  const found = palette.getByRole('option', { name: /user2@example\.com/ });
  await expect(found).toBeVisible();
  await screenshot(page, 'command-palette-search');
  // The first line is selected: pages and actions matching "user2" there are none.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === PAGES.childAccounts);
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'user2@example.com');
  await expect(page.getByRole('table', { name: 'Users' }).getByText('user2@example.com')).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('mig-serv');
  await expect(palette.getByRole('option', { name: 'MIG-SERVER-01' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('machineName') === 'MIG-SERVER-01');

  // What was opened comes back first, before anything is typed.
  await page.keyboard.press('Control+k');
  const recent = palette.getByRole('group', { name: 'Recent' });
  await expect(recent.getByRole('option')).toHaveCount(2);
  await expect(recent.getByRole('option').first()).toContainText('MIG-SERVER-01');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('create user');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has('create'));
});

test('the palette on a phone, from the header’s Search button; a User finds no accounts', async ({ signedIn }) => {
  const page = await signedIn('user@example.com', { viewport: PHONE });
  await page.getByRole('button', { name: 'Search' }).click();
  const palette = page.getByRole('dialog', { name: 'Search the portal' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('user2');
  await expect(palette.getByText('No results.')).toBeVisible();
  await screenshot(page, 'command-palette-phone');
});
