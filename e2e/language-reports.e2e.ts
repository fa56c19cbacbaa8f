import { PAGES } from '@portal/contracts/pages';
import type { Page } from '@playwright/test';
import { toast } from './support/accounts';
import { expect, screenshot, test } from './support/fixtures';
import { chooseLanguage, expectNoOverflow, inGerman } from './support/language';

const PHONE = { width: 375, height: 812 };

/** The first row's link of the report table named `name`, once its rows are in. */
async function firstRowLink(page: Page, name: string) {
  const link = page.getByRole('table', { name }).locator('tbody tr td:first-child a').first();
  await expect(link).toBeVisible();
  return link;
}

/**
 * The migration reports in the Admin's language (decision 052: the reports area, loaded with each
 * report's route): the Machine View with a machine's detail, the Job View, a job's mailboxes with
 * its summary, completeness, charts and license trace, a mailbox's folders and the User View in
 * German, the Job View in Japanese on a phone; no clipped text at either width.
 */
test('an Admin reads the migration reports in German and in Japanese', async ({
  adminPage: page,
  adminApi,
  signedIn,
}) => {
  // Five screens and a dialog, each checked with axe in both themes, and a second browser on a phone.
  test.slow();
  await inGerman(page, adminApi, async () => {
    await page.goto(PAGES.reportMachines);
    await expect(page.getByRole('heading', { name: 'Rechneransicht', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Gebundene Lizenzen' })).toBeVisible();
    await firstRowLink(page, 'Rechneransicht');
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-report-machines');
    await page
      .getByRole('button', { name: /^Details zu / })
      .first()
      .click();
    const machine = page.getByRole('dialog');
    await expect(machine.getByRole('heading', { name: 'Letzte Aufträge' })).toBeVisible();
    await expect(machine.getByText('Fingerabdruck', { exact: true })).toBeVisible();
    await expectNoOverflow(page);
    await page.keyboard.press('Escape');

    await page.goto(PAGES.reportJobs);
    await expect(page.getByRole('heading', { name: 'Auftragsansicht', level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Rechner / Benutzer' })).toBeVisible();
    await (await firstRowLink(page, 'Auftragsansicht')).click();

    // A job's mailboxes: its summary, completeness, charts (a chunk of their own) and license trace.
    await expect(page.getByRole('region', { name: 'Auftragsübersicht' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bericht herunterladen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Migrierte Elemente im Zeitverlauf' })).toBeVisible();
    await expect(page.getByText('Nur unvollständige')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Quellpostfach' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-report-job');
    await page
      .getByRole('button', { name: /^Lizenzverlauf von / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Lizenzverlauf' })).toBeVisible();
    await expectNoOverflow(page);
    await page.keyboard.press('Escape');

    // A mailbox's folders.
    await (await firstRowLink(page, await mailboxesTableName(page))).click();
    await expect(page.getByRole('region', { name: 'Postfachübersicht' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Ordner' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, 'language-de-report-folders');

    await page.goto(PAGES.reportUsers);
    await expect(page.getByRole('heading', { name: 'Benutzeransicht', level: 1 })).toBeVisible();
    await firstRowLink(page, 'Benutzeransicht');
    await expectNoOverflow(page);

    // On a phone, the Job View in Japanese.
    await chooseLanguage(page, 'Portal anzeigen auf', 'ja');
    await toast(page, '言語を保存しました。');
    const mobile = await signedIn('admin@example.com', { viewport: PHONE });
    await mobile.goto(PAGES.reportJobs);
    await expect(mobile.getByRole('heading', { name: 'ジョブ表示', level: 1 })).toBeVisible();
    await firstRowLink(mobile, 'ジョブ表示');
    await expectNoOverflow(mobile);
    await screenshot(mobile, 'language-ja-phone-report-jobs');
    await mobile.close();
  });
  await page.goto(PAGES.reportJobs);
  await expect(page.getByRole('heading', { name: 'Job View', level: 1 })).toBeVisible();
});

/** "Postfächer von Contoso wave 1": the job page's table is named after its job. */
async function mailboxesTableName(page: Page): Promise<string> {
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  return `Postfächer von ${title!.trim()}`;
}
