import { PAGES } from '@portal/contracts/pages';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { jobReportFileName } from '@portal/contracts/reports';
import { mainNav } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { cellOf } from './support/stock';

/**
 * The migration reports through the browser, on the demo organisation's migration
 * history (apps/server/src/modules/agent/agent.demo.ts): admin@ (Alex Admin), user@ (Uma User) and
 * secure@ (Sasha Secure) ran jobs on a few machines. No journey changes it; the journeys check the
 * screens against each other (a machine's job count against its jobs, a job's mailbox count
 * against its mailboxes), not against numbers of the seed.
 */

/** The body rows of a report table (its header row left out). */
const bodyRows = (table: Locator) => table.locator('tbody tr');
const rowLink = (row: Locator) => row.locator('td:first-child a');
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The text of the first cell (the row's link) of each body row. */
async function firstCells(table: Locator): Promise<string[]> {
  await expect(rowLink(bodyRows(table).first())).toBeVisible();
  return (await rowLink(bodyRows(table)).allTextContents()).map((text) => text.trim());
}

/** The row count under a table ('12 rows'): the server's total of the list. */
async function totalOf(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ rows?$/).textContent();
  return Number(text!.split(' ')[0]);
}

async function numberIn(table: Locator, row: Locator, header: string): Promise<number> {
  return Number((await (await cellOf(table, row, header)).textContent())!.replace(/,/g, ''));
}

async function openAnalysis(page: Page, view: 'User View' | 'Machine View' | 'Job View'): Promise<Locator> {
  const nav = mainNav(page);
  const link = nav.getByRole('link', { name: view });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Analysis' }).click();
  await link.click();
  await expect(page.getByRole('heading', { name: view, level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: view });
  await expect(rowLink(bodyRows(table).first())).toBeVisible();
  return table;
}

/** Every machine of the Machine View with its job count (the demo has fewer than a page). */
async function machineJobCounts(page: Page): Promise<Map<string, number>> {
  const table = await openAnalysis(page, 'Machine View');
  const counts = new Map<string, number>();
  for (const row of await bodyRows(table).all()) {
    counts.set((await rowLink(row).textContent())!.trim(), await numberIn(table, row, 'Jobs'));
  }
  return counts;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

test('an Admin drills from a machine to its jobs, a job, a mailbox and its folders, downloads the job report, and climbs back', async ({
  adminPage: page,
}) => {
  const machines = await openAnalysis(page, 'Machine View');
  await screenshot(page, 'reports-machines');
  // A demo machine: the machines and completeness journeys add E2E-… machines with jobs of their own
  // (the machines journey's has no mailbox), which may sort first.
  const first = bodyRows(machines).filter({ hasNotText: /E2E-/ }).first();
  const machine = (await rowLink(first).textContent())!.trim();
  const jobCount = await numberIn(machines, first, 'Jobs');
  expect(jobCount).toBeGreaterThan(0);

  await rowLink(first).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('machineName') === machine);
  await expect(page.getByRole('heading', { name: `Jobs on ${machine}`, level: 1 })).toBeVisible();
  const jobs = page.getByRole('table', { name: `Jobs on ${machine}` });
  await expect(bodyRows(jobs)).toHaveCount(Math.min(jobCount, 25));
  expect(await totalOf(page)).toBe(jobCount);
  for (const row of await bodyRows(jobs).all()) await expect(row).toContainText(machine);
  await expect(bodyRows(jobs).first().getByRole('progressbar')).toHaveAttribute('aria-valuetext', /^\d+\.\d\d%$/);
  await screenshot(page, 'reports-jobs-of-machine');

  const jobName = (await rowLink(bodyRows(jobs).first()).textContent())!.trim();
  await rowLink(bodyRows(jobs).first()).click();
  await expect(page).toHaveURL(/\/reports\/job\?jobId=[0-9a-f-]{36}$/);
  const jobId = new URL(page.url()).searchParams.get('jobId')!;
  await expect(page.getByRole('heading', { name: jobName, level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Job summary' });
  await expect(summary.getByRole('link', { name: machine })).toBeVisible();
  const mailboxCount = Number(
    (await summary
      .locator('dt', { hasText: /^Mailboxes$/ })
      .locator('+ dd')
      .textContent())!.replace(/,/g, ''),
  );
  const mailboxes = page.getByRole('table', { name: `Mailboxes of ${jobName}` });
  await expect(bodyRows(mailboxes)).toHaveCount(Math.min(mailboxCount, 10));
  expect(await totalOf(page)).toBe(mailboxCount);
  await screenshot(page, 'reports-job-mailboxes');

  // The job report: a PDF that the server names after the job (content-disposition).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Migration_Report_.+\.pdf$/);
  expect(file.suggestedFilename()).not.toBe(jobReportFileName(jobId));
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Download Report', exact: true })).toBeEnabled();
  await expect(page.getByText('Failed to download report. Please try again.')).toHaveCount(0);

  const mailboxLink = rowLink(bodyRows(mailboxes).first());
  const source = (await mailboxLink.textContent())!.trim();
  await mailboxLink.click();
  await expect(page).toHaveURL(/\/reports\/folders\?mailboxId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(source);
  const mailboxSummary = page.getByRole('region', { name: 'Mailbox summary' });
  const folderCount = Number(/(\d+) folders?/.exec((await mailboxSummary.textContent())!)![1]);
  const folders = page.getByRole('table', { name: `Folders of ${source}` });
  await expect(bodyRows(folders)).toHaveCount(folderCount);
  if (folderCount > 0) await expect(bodyRows(folders).first().getByRole('progressbar')).toBeVisible();
  await screenshot(page, 'reports-folders');

  // Back up the drill-down: the job, then the Job View, which holds every machine's jobs.
  await breadcrumb(page).getByRole('link', { name: jobName }).click();
  await expect(page.getByRole('heading', { name: jobName, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`jobId=${jobId}$`));
  await breadcrumb(page).getByRole('link', { name: 'Job View' }).click();
  await expect(page.getByRole('heading', { name: 'Job View', level: 1 })).toBeVisible();
  await expect(rowLink(bodyRows(page.getByRole('table', { name: 'Job View' })).first())).toBeVisible();
  expect(await totalOf(page)).toBe(sum((await machineJobCounts(page)).values()));
});

test("an Admin opens a user's jobs from the User View and removes the filter", async ({ adminPage: page }) => {
  const users = await openAnalysis(page, 'User View');
  expect(await firstCells(users)).toContain('Uma User');
  await screenshot(page, 'reports-users');
  const uma = bodyRows(users).filter({ has: page.getByRole('link', { name: 'Uma User' }) });
  const jobCount = await numberIn(users, uma, 'Jobs');

  await uma.getByRole('link', { name: 'Uma User' }).click();
  await expect(page).toHaveURL(/\/reports\/jobs\?userId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Jobs of Uma User', level: 1 })).toBeVisible();
  const jobs = page.getByRole('table', { name: 'Jobs of Uma User' });
  await expect(bodyRows(jobs)).toHaveCount(Math.min(jobCount, 25));
  for (const row of await bodyRows(jobs).all()) await expect(row).toContainText('Uma User');
  await screenshot(page, 'reports-jobs-of-user');

  await breadcrumb(page).getByRole('link', { name: 'User View' }).click();
  await expect(page.getByRole('heading', { name: 'User View', level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Remove filter User: Uma User' }).click();
  await expect(page.getByRole('heading', { name: 'Job View', level: 1 })).toBeVisible();
  await expect(breadcrumb(page)).toHaveCount(0);
  await expect.poll(() => totalOf(page)).toBeGreaterThan(jobCount);
});

test('a User sees only its own migrations, and a job of another account is not found', async ({
  adminPage,
  userPage: page,
}) => {
  const adminMachines = await machineJobCounts(adminPage);
  const adminJobs = await openAnalysis(adminPage, 'Job View');
  const foreignJob = (await rowLink(bodyRows(adminJobs).filter({ hasText: 'Alex Admin' }).first()).getAttribute(
    'href',
  ))!;

  const users = await openAnalysis(page, 'User View');
  expect(await firstCells(users)).toEqual(['Uma User']);
  const ownJobs = await numberIn(users, bodyRows(users).first(), 'Jobs');
  const machines = await machineJobCounts(page);
  for (const name of machines.keys()) expect([...adminMachines.keys()]).toContain(name);
  expect(sum(machines.values())).toBe(ownJobs);
  const jobs = await openAnalysis(page, 'Job View');
  expect(await totalOf(page)).toBe(ownJobs);
  for (const row of await bodyRows(jobs).all()) await expect(row).toContainText('Uma User');
  await screenshot(page, 'reports-user-jobs');

  await page.goto(foreignJob);
  await expect(page.getByRole('table', { name: 'Mailboxes' }).getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 1 })).toBeVisible();
  await page.goto(PAGES.job('not-a-job'));
  await expect(page.getByRole('alert')).toHaveText(/This link's job id is not valid\./);
});

test("an Auditor reads the whole organisation's migrations, read-only", async ({ adminPage, auditorPage: page }) => {
  const adminMachines = await machineJobCounts(adminPage);
  expect(await machineJobCounts(page)).toEqual(adminMachines);
  const jobs = await openAnalysis(page, 'Job View');
  expect(await totalOf(page)).toBe(sum(adminMachines.values()));
  await rowLink(bodyRows(jobs).filter({ hasText: 'Sasha Secure' }).first()).click();
  await expect(page.getByRole('region', { name: 'Job summary' })).toContainText('Sasha Secure');
  await expect(page.getByRole('button', { name: 'Download Report', exact: true })).toBeVisible();
  await screenshot(page, 'reports-auditor-job');
});

test('the report screens fit a phone: secondary columns stack under the row', async ({ signedIn }) => {
  const page = await signedIn('admin@example.com', { viewport: PHONE });
  await page.goto(PAGES.reportJobs);
  const jobs = page.getByRole('table', { name: 'Job View' });
  await expect(rowLink(bodyRows(jobs).first())).toBeVisible();
  await expect(jobs.getByRole('columnheader')).toHaveCount(1);
  await expect(bodyRows(jobs).first()).toContainText('Status:');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'reports-jobs-phone');

  await rowLink(bodyRows(jobs).first()).click();
  await expect(page.getByRole('region', { name: 'Job summary' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Report', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'reports-job-phone');
});
