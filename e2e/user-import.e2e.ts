import { readFile } from 'node:fs/promises';
import { IMPORT_MSG } from '@portal/contracts/account-import-messages';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { createPool, mainNav, toast } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { unique } from './support/provision';

/**
 * Importing users from CSV (decision 047) through the browser: an Admin opens Import users from
 * the Users screen, uploads a file, reads the dry run (rows to create, one to skip because its
 * email has an account, one with an error and its reason), applies it, follows it to Done,
 * downloads the result file and finds the new users in the Users list, each mailed to confirm.
 */
test('an Admin imports users from a CSV file: a dry run, then the import', async ({ adminPage: page, adminApi }) => {
  const wave = unique('wave');
  const pool = `Import ${wave.tag}`;
  await createPool(adminApi, pool);
  const email = (who: string) => `${who}-${wave.tag}@example.com`;
  const csv = [
    'Name,Email,Role,Pool',
    `Ada ${wave.tag},${email('ada')},User,${pool}`,
    `Alan ${wave.tag},${email('alan')},Admin,`,
    `Grace ${wave.tag},${email('grace')},,`,
    'Existing,user2@example.com,User,',
    `Typo ${wave.tag},typo-${wave.tag}.example.com,User,`,
  ].join('\r\n');

  await mainNav(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Import users' }).click();
  await expect(page).toHaveURL((url) => url.pathname === PAGES.importUsers);
  await expect(page.getByRole('heading', { name: 'Import users', level: 1 })).toBeVisible();

  // Checked without a file: the field says what it needs.
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText(IMPORT_MSG.fileRequired)).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({ name: 'wave.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check file' }).click();
  const summary = page.getByRole('definition');
  await expect(page.getByText('Checked, not applied')).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.has('id'));
  const figure = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(figure('To create')).toHaveText('3');
  await expect(figure('To skip (existing)')).toHaveText('1');
  await expect(figure('With errors')).toHaveText('1');
  expect(await summary.count()).toBe(4);
  // The rows with errors are shown first, each with its reason.
  const rows = page.getByRole('table', { name: 'Rows of the import' });
  await expect(rows.getByRole('row')).toHaveCount(2);
  await expect(rows.getByText(IMPORT_MSG.emailInvalid)).toBeVisible();
  await screenshot(page, 'user-import-dry-run');

  // Nothing was created by the dry run.
  const before = await adminApi(ROUTES.childAccounts, undefined, { query: { search: wave.tag } });
  expect(before.body.data).toEqual([]);

  await page.getByRole('button', { name: 'Create 3 users' }).click();
  await toast(page, IMPORT_MSG.applied);
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(figure('Created')).toHaveText('3');
  await expect(figure('Skipped')).toHaveText('1');
  await expect(figure('Failed')).toHaveText('1');
  await screenshot(page, 'user-import-done');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download results' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^user-import_\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/);
  const lines = (await readFile(await file.path())).subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Line,Name,Email,Role,Pool,Products,Status,Message');
  expect(lines.slice(1).map((line) => line.split(',').at(-2) ?? line)).toHaveLength(5);
  expect(lines.filter((line) => line.includes(',Created,'))).toHaveLength(3);

  await waitForMail(email('ada'), /confirm your email/i);
  await page.getByRole('link', { name: 'Back to Users' }).click();
  await page.getByPlaceholder('Filter accounts...').fill(wave.tag);
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === wave.tag);
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row')).toHaveCount(4);
  await expect(users.getByRole('row', { name: new RegExp(`Ada ${wave.tag}`) })).toContainText(pool);
});

test('the import page on a phone, and closed to an Auditor', async ({ signedIn, auditorPage }) => {
  const page = await signedIn('admin@example.com', { viewport: PHONE });
  await page.goto(PAGES.importUsers);
  await expect(page.getByRole('heading', { name: 'Import users', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download template' })).toBeVisible();
  await screenshot(page, 'user-import-phone');

  await auditorPage.goto(PAGES.importUsers);
  await expect(auditorPage).toHaveURL((url) => url.pathname === '/');
  await auditorPage.goto(PAGES.childAccounts);
  await expect(auditorPage.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(auditorPage.getByRole('link', { name: 'Import users' })).toHaveCount(0);
});
