import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { mainNav } from './support/accounts';

/**
 * Issue 12: an Admin exports the filtered Users list as CSV and opens the file: a byte order
 * mark, the header, and only the rows the filter finds, all of them (not only the page shown).
 */
test('an Admin exports the filtered users list as CSV', async ({ adminPage: page }) => {
  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Filter accounts...').fill('user2@');
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'user2@');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users_\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Name,Email,Roles,Active,Pool,Created');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',user2@example.com,');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});
