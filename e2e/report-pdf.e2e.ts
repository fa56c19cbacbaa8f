import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { mainNav } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import { root } from './support/server';

/**
 * The customer report as PDF (issue 24), downloaded through the browser from the demo history: the
 * job's from its page, one mailbox's from its row. Their text is read back with unpdf and their
 * first pages are drawn to PNG with poppler's pdftoppm (scripts/ensure-chromium.sh installs it)
 * under e2e/artifacts/pdf, to be looked at.
 */

const pdfDir = path.join(root, 'e2e/artifacts/pdf');

/** The PDF's pages and its text, each page's lines joined. */
async function readPdf(download: Download): Promise<{ bytes: Buffer; pages: number; text: string }> {
  const bytes = fs.readFileSync(await download.path());
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { bytes, pages: totalPages, text };
}

/** Pages `first` to `last` of the PDF as PNG files named `<name>-<page>.png`. */
function renderPages(bytes: Buffer, name: string, first: number, last: number): string[] {
  fs.mkdirSync(pdfDir, { recursive: true });
  const file = path.join(pdfDir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '96',
    '-f',
    String(first),
    '-l',
    String(last),
    file,
    path.join(pdfDir, name),
  ]);
  return fs
    .readdirSync(pdfDir)
    .filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.png'))
    .map((entry) => path.join(pdfDir, entry));
}

const bodyRows = (table: Locator) => table.locator('tbody tr');

/**
 * The Job View's first demo job, opened: its page with its mailboxes. Other journeys add jobs on
 * machines of their own (E2E-…), some without a mailbox, which may sort first.
 */
async function openFirstJob(page: Page): Promise<{ jobName: string; mailboxes: Locator }> {
  const nav = mainNav(page);
  const link = nav.getByRole('link', { name: 'Job View' });
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Analysis' }).click();
  await link.click();
  const jobs = page.getByRole('table', { name: 'Job View' });
  const first = bodyRows(jobs).filter({ hasNotText: /E2E-/ }).first().locator('td:first-child a');
  const jobName = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { name: jobName, level: 1 })).toBeVisible();
  const mailboxes = page.getByRole('table', { name: `Mailboxes of ${jobName}` });
  await expect(bodyRows(mailboxes).first()).toBeVisible();
  return { jobName, mailboxes };
}

test("an Admin downloads a job's report and one mailbox's, both readable and in the browser's time zone", async ({
  adminPage: page,
}) => {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const { jobName, mailboxes } = await openFirstJob(page);

  const jobDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report', exact: true }).click();
  const jobFile = await jobDownload;
  expect(jobFile.suggestedFilename()).toMatch(/^Migration_Report_.+\.pdf$/);
  const job = await readPdf(jobFile);
  expect(job.bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  for (const expected of [
    'MIGRATION REPORT',
    jobName,
    'Mailboxes by status',
    'Completeness',
    'Worst consistency:',
    'Source Mailbox Target Mailbox Status Verdict Consistency',
    'Folders by mailbox',
    `${zone} (all times in this report)`,
    `All times are in ${zone}.`,
    `Page 1 of ${job.pages}`,
    `Page ${job.pages} of ${job.pages}`,
  ]) {
    expect(job.text).toContain(expected);
  }
  expect(renderPages(job.bytes, 'job-report', 1, 2)).toHaveLength(2);

  // One mailbox's report, from its row, by keyboard.
  const firstRow = bodyRows(mailboxes).first();
  const source = (await firstRow.locator('td:first-child a').textContent())!.trim();
  const button = firstRow.getByRole('button', { name: `Download PDF report of ${source}` });
  await button.focus();
  const mailboxDownload = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const mailboxFile = await mailboxDownload;
  expect(mailboxFile.suggestedFilename()).toMatch(/^Migration_Report_.+\.pdf$/);
  const mailbox = await readPdf(mailboxFile);
  for (const expected of [
    'MAILBOX REPORT',
    `${source} →`,
    `Job ${jobName}`,
    'Skipped by reason:',
    'Folder Items Migrated Failed Skipped Missing Verdict',
    `All times are in ${zone}.`,
    `Page 1 of ${mailbox.pages}`,
  ]) {
    expect(mailbox.text).toContain(expected);
  }
  expect(renderPages(mailbox.bytes, 'mailbox-report', 1, 1)).toHaveLength(1);
  await expect(page.getByText('Failed to download report. Please try again.')).toHaveCount(0);
  await expect(button).toBeEnabled();
  await screenshot(page, 'reports-job-mailbox-pdf');

  // On a phone the row's action stays reachable, under the row's main value.
  await page.setViewportSize(PHONE);
  await expect(firstRow.getByRole('button', { name: `Download PDF report of ${source}` })).toBeVisible();
  await screenshot(page, 'reports-job-mailbox-pdf-375');
});
