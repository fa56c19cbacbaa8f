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

/**
 * The "?" sheet lists the shortcuts; "/" jumps to a list's filter box; the setting turns both
 * single-key shortcuts off (WCAG 2.1.4), and Ctrl+K keeps working.
 */
test('? lists the shortcuts, / jumps to the filter, and both can be turned off', async ({ adminPage: page }) => {
  await page.goto(PAGES.childAccounts);
  const filter = page.getByRole('searchbox', { name: 'Filter accounts' });
  await expect(filter).toBeVisible();
  await page.keyboard.press('/');
  await expect(filter).toBeFocused();
  // Typed into a field, ? is text.
  await page.keyboard.type('?');
  await expect(filter).toHaveValue('?');
  await filter.fill('');
  await page.getByRole('heading', { name: 'Users', level: 1 }).click();

  await page.keyboard.press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Open or close the command palette: pages, actions and search')).toBeVisible();
  await screenshot(page, 'keyboard-shortcuts');
  const toggle = sheet.getByRole('checkbox', { name: 'Single-key shortcuts' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.keyboard.press('Shift+?');
  await page.keyboard.press('/');
  await expect(sheet).toBeHidden();
  await expect(filter).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Search the portal' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The same setting, in Settings, turns them on again.
  await page.goto(PAGES.settings);
  const setting = page.getByRole('checkbox', { name: 'Single-key shortcuts' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await page.keyboard.press('Shift+?');
  await expect(sheet).toBeVisible();
});
