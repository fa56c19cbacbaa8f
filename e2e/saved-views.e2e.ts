import { PAGES } from '@portal/contracts/pages';
import { expect, expectAccessible, PHONE, screenshot, test } from './support/fixtures';

/**
 * Saved views (decision 050), by keyboard and pointer through the real server: the demo Admin's
 * pinned view opens its list with its filters; a list's filter and hidden column are saved as a
 * view, pinned, opened again from the sidebar, renamed and deleted; Display turns every table
 * compact for this browser, across a reload.
 */
test('an Admin saves a list as a view, pins it and opens it from the sidebar', async ({ adminPage: page }) => {
  await page.goto(PAGES.dashboard);
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  const pinned = sidebar.getByRole('list', { name: 'Saved views' });
  // The demo's pinned view.
  await pinned.getByRole('link', { name: 'Active lots' }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.licenses && url.searchParams.get('status') === 'Active');
  await expect(page.getByRole('button', { name: 'Active lots' })).toBeVisible();

  await page.goto(`${PAGES.childAccounts}?filter=user2`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByText('user2@example.com')).toBeVisible();
  const allColumns = await table.getByRole('columnheader').count();
  // A column hidden from Display goes into the URL, so the view keeps it.
  await page.getByRole('button', { name: 'Display' }).click();
  const columns = page.getByRole('menu');
  await expectAccessible(page);
  await columns.getByRole('menuitemcheckbox', { name: 'Pool' }).click();
  await page.keyboard.press('Escape');
  await expect(columns).toBeHidden();
  await expect(page).toHaveURL((url) => url.searchParams.get('hide') !== null);
  await expect(table.getByRole('columnheader', { name: 'Pool' })).toHaveCount(0);
  const columnCount = allColumns - 1;

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill('User two');
  await dialog.getByRole('checkbox', { name: /Pin to the sidebar/ }).check();
  await expectAccessible(page);
  await screenshot(page, 'saved-views-save');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'User two' })).toBeVisible();

  // Elsewhere, the sidebar opens the view: the same filter and the same columns.
  await page.goto(PAGES.dashboard);
  await pinned.getByRole('link', { name: 'User two' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === PAGES.childAccounts && url.searchParams.get('filter') === 'user2',
  );
  await expect(table.getByText('user2@example.com')).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveCount(columnCount);
  await expect(pinned.getByRole('link', { name: 'User two' })).toHaveAttribute('aria-current', 'page');

  // The same name again on this list is refused, under the field.
  await page.getByRole('button', { name: 'User two' }).click();
  await page.getByRole('menuitem', { name: 'Save current view...' }).click();
  await dialog.getByLabel('Name').fill('user TWO');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog.getByText('You already have a view with this name on this list.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Renamed, then deleted from Manage views: it leaves the sidebar.
  await page.getByRole('button', { name: 'User two' }).click();
  await page.getByRole('menuitem', { name: 'Manage views...' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage views' });
  await manage.getByRole('button', { name: 'Rename User two' }).click();
  await manage.getByRole('textbox', { name: 'Name' }).fill('Second user');
  await page.keyboard.press('Enter');
  await expect(manage.getByRole('button', { name: 'Rename Second user' })).toBeVisible();
  await expectAccessible(page);
  await manage.getByRole('button', { name: 'Delete Second user' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(manage.getByText('No saved views on this list.')).toBeVisible();
  await manage.getByRole('button', { name: 'Close' }).click();
  await expect(manage).toBeHidden();
  await expect(pinned.getByRole('link')).toHaveCount(2);
  await expect(pinned.getByRole('link', { name: 'Second user' })).toHaveCount(0);
});

test('Display turns the tables compact for this browser, across a reload', async ({ adminPage: page }) => {
  await page.goto(PAGES.auditTrail);
  const table = page.getByRole('table', { name: 'Audit Trail' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const comfortable = (await firstRow.boundingBox())!.height;
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('menuitemradio', { name: 'Compact' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await firstRow.boundingBox())!.height).toBeLessThan(comfortable);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-density', 'compact');
  await expect(firstRow).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'saved-views-compact');
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('menuitemradio', { name: 'Comfortable' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-density', 'compact');
});

test('on a phone, the pinned views are in the navigation drawer', async ({ signedIn }) => {
  const page = await signedIn('admin@example.com', { viewport: PHONE });
  await page.getByRole('button', { name: /navigation menu/i }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
  await drawer.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: 'Allocate movements' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.licenseMovement);
  await expect(page.getByRole('button', { name: 'Allocate movements' })).toBeVisible();
  await screenshot(page, 'saved-views-phone');
});
