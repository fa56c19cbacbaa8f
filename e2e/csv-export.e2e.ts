import { PAGES } from '@portal/contracts/pages';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { mainNav } from './support/accounts';

/**
 * An Admin exports the filtered Users list as CSV and opens the file: a byte order
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
  expect(lines[0]).toBe('Name,Email,Roles,Status,Pool,Created');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',user2@example.com,');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
});

/** Clicks the page's Export CSV, checks the file's name and byte order mark, and gives its lines. */
async function exportLines(page: Page, name: RegExp): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(name);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
}

/** The row count under a server-paged table ('12 rows'): the list's total, not the page. */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ rows?$/).textContent();
  return Number(text!.split(' ')[0]);
}

test('an Admin exports the filtered Licenses list: every lot it finds, not only the page', async ({
  adminPage: page,
}) => {
  await page.goto(`${PAGES.licenses}?status=Active`);
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Licenses' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const total = await totalOf(page);
  const lines = await exportLines(page, /^licenses_\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/);
  expect(lines[0]).toMatch(/^Created,Product code,Product,Edition,/);
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((line) => line.includes(',Active,'))).toBe(true);
});

test('a User exports the Job View of its migrations and finds the jobs on screen in the file', async ({
  userPage: page,
}) => {
  await page.goto(PAGES.reportJobs);
  await expect(page.getByRole('heading', { name: 'Job View', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Job View' });
  await expect(table.locator('tbody tr td:first-child a').first()).toBeVisible();
  const shown = (await table.locator('tbody tr td:first-child a').allTextContents()).map((name) => name.trim());
  const total = await totalOf(page);
  const lines = await exportLines(page, /^report-jobs_\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/);
  expect(lines[0]).toBe(
    'Job,Machine,User,Product code,Mailboxes,Status,Total items,Migrated items,Failed items,Filtered items,' +
      'Completion %,Start,End,Error',
  );
  expect(lines).toHaveLength(total + 1);
  const fileJobs = lines.slice(1).map((line) => line.split(',')[0]);
  expect(fileJobs.slice(0, shown.length)).toEqual(shown);
  // Uma's migrations ran through her demo key: the file names it beside her.
  expect(lines.slice(1).every((line) => line.split(',')[2] === "Uma User via key 'Ops desktop agent'")).toBe(true);
});
