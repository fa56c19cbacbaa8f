import type { Locator, Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { mainNav, toast } from './support/accounts';
import { expect, PHONE, screenshot, test } from './support/fixtures';
import type { ApiCall } from './support/provision';

/**
 * Completeness (decision 044) through the browser: admin@'s migration tool runs a job of the
 * journey's own (on a machine of its own, node-locked, so no demo lot is drawn) with a clean
 * mailbox, one that skipped items and one that failed some; the Admin narrows the job's mailboxes
 * and a mailbox's folders to the incomplete ones, accepts the skipped items by keyboard and finds
 * the acceptance, by its mailbox, in the audit trail. The demo's own mailboxes are left as they are.
 */

type Folder = {
  folderPath: string;
  totalItems: number;
  migratedItems: number;
  failedItems: number;
  filteredItems: number;
  status: 'Completed' | 'CompletedWithErrors';
  sourceItems: number;
  destinationItems: number;
  skipped?: { category: string; count: number; samples: string[] }[];
};

const folder = (folderPath: string, items: number, lost: { failed?: number; skipped?: number } = {}): Folder => {
  const failed = lost.failed ?? 0;
  const skipped = lost.skipped ?? 0;
  return {
    folderPath,
    totalItems: items,
    migratedItems: items - failed - skipped,
    failedItems: failed,
    filteredItems: 0,
    status: failed > 0 ? 'CompletedWithErrors' : 'Completed',
    sourceItems: items,
    destinationItems: items - failed - skipped,
    ...(skipped > 0 && { skipped: [{ category: 'TooLarge', count: skipped, samples: ['Holiday video.mp4'] }] }),
  };
};

/** The job, through the agent API as admin@: answers its id, name and machine. */
async function runJob(api: ApiCall, tag: string) {
  const machineName = `E2E-INSIGHT-${tag.toUpperCase()}`;
  const name = `Insight ${tag}`;
  const started = await api(ROUTES.agentStartJob, {
    machineName,
    clientKey: `insight-${tag}`,
    name,
    productCode: 'PFM',
    fingerprint: `fp-${machineName}`,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { jobId, licensing } = started.body.data as { jobId: string; licensing: string };
  expect(licensing).toBe('NodeLocked');
  const mailboxes = {
    clean: { folders: [folder('Inbox', 12), folder('Archive', 4)], status: 'Completed' },
    skipped: { folders: [folder('Inbox', 20, { skipped: 3 }), folder('Archive', 5)], status: 'Completed' },
    failed: { folders: [folder('Inbox', 10, { failed: 2 })], status: 'CompletedWithErrors' },
  } as const;
  const addresses = {} as Record<keyof typeof mailboxes, string>;
  const ids = {} as Record<keyof typeof mailboxes, string>;
  for (const [kind, mailbox] of Object.entries(mailboxes) as [keyof typeof mailboxes, (typeof mailboxes)['clean']][]) {
    const address = `${kind}-${tag}@source.example`;
    const start = await api(
      ROUTES.agentStartMailbox,
      {
        sourceMailbox: address,
        sourceType: 'Exchange',
        targetMailbox: `${kind}-${tag}@target.example`,
        destinationType: 'Microsoft 365',
      },
      { params: { jobId } },
    );
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const { mailboxId } = start.body.data as { mailboxId: string };
    const progress = await api(ROUTES.agentMailboxProgress, { folders: mailbox.folders }, { params: { mailboxId } });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    const end = await api(ROUTES.agentCompleteMailbox, { status: mailbox.status }, { params: { mailboxId } });
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    addresses[kind] = address;
    ids[kind] = mailboxId;
  }
  const ended = await api(ROUTES.agentCompleteJob, { status: 'CompletedWithErrors' }, { params: { jobId } });
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  return { jobId, name, machineName, addresses, ids };
}

const bodyRows = (table: Locator) => table.locator('tbody tr');

/** Ticks "Only incomplete" by keyboard and waits for the narrowed rows. */
async function onlyIncomplete(page: Page, table: Locator, rows: number) {
  await page.getByRole('checkbox', { name: 'Only incomplete' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL((url) => url.searchParams.get('incomplete') === '1');
  await expect(bodyRows(table)).toHaveCount(rows);
}

/** Every shown row reads Incomplete. */
async function expectAllIncomplete(table: Locator) {
  for (const row of await bodyRows(table).all()) await expect(row).toContainText('Incomplete');
}

test('an Admin narrows a job to its incomplete mailboxes and accepts a mailbox’s skipped items', async ({
  adminPage: page,
  adminApi,
  signedIn,
}) => {
  // Set-up through the agent API, two screens in two themes, a phone and the audit trail.
  test.slow();
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const job = await runJob(adminApi, tag);
  try {
    // The job's mailboxes: one of three is complete.
    await page.goto(PAGES.job(job.jobId));
    await expect(page.getByRole('heading', { name: job.name, level: 1 })).toBeVisible({ timeout: 30_000 });
    const mailboxes = page.getByRole('table', { name: `Mailboxes of ${job.name}` });
    await expect(bodyRows(mailboxes)).toHaveCount(3);
    const row = (kind: keyof typeof job.addresses) =>
      bodyRows(mailboxes).filter({ has: page.getByRole('link', { name: job.addresses[kind] }) });
    await expect(row('clean')).toContainText('Complete');
    await expect(row('clean')).not.toContainText('Incomplete');
    await expect(row('skipped')).toContainText('Incomplete');
    await expect(row('skipped')).toContainText('3 skipped');
    await expect(row('failed')).toContainText('Incomplete');
    const section = page.getByRole('region', { name: 'Job completeness' });
    await expect(section).toContainText('Incomplete:');

    // Only incomplete: two rows, each Incomplete.
    await onlyIncomplete(page, mailboxes, 2);
    await expectAllIncomplete(mailboxes);
    await expect(row('clean')).toHaveCount(0);
    await screenshot(page, 'completeness-mailboxes-incomplete');

    // The same list fits a 375 px phone: no sideways scroll.
    const phone = await signedIn('admin@example.com', { viewport: PHONE });
    await phone.goto(`${PAGES.job(job.jobId)}&incomplete=1`);
    const phoneTable = phone.getByRole('table', { name: `Mailboxes of ${job.name}` });
    await expect(bodyRows(phoneTable)).toHaveCount(2);
    await expectAllIncomplete(phoneTable);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'completeness-mailboxes-incomplete-375');

    // The mailbox that skipped items: its folders, then only the incomplete one.
    await row('skipped').getByRole('link', { name: job.addresses.skipped }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('mailboxId') === job.ids.skipped);
    const folders = page.getByRole('table', { name: `Folders of ${job.addresses.skipped}` });
    await expect(bodyRows(folders)).toHaveCount(2);
    await onlyIncomplete(page, folders, 1);
    await expectAllIncomplete(folders);
    await expect(bodyRows(folders)).toContainText('Inbox');
    await expect(bodyRows(folders)).toContainText('Too large: 3');
    const summary = page.getByRole('region', { name: 'Mailbox summary' });
    await expect(summary).toContainText('Incomplete');
    await screenshot(page, 'completeness-folders-incomplete');

    // Accept its skipped items, by keyboard: Cancel holds the focus, Tab reaches Accept.
    const accept = summary.getByRole('button', { name: 'Accept skipped items' });
    await accept.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Accept the skipped items of ${job.addresses.skipped}?` });
    await expect(confirm).toContainText('3 items were not migrated, each for the reason listed in its folder.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, 'completeness-accept-dialog');
    // Escape first: nothing accepted, the focus back on the button.
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Accept', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await toast(page, `The 3 skipped items of ${job.addresses.skipped} are accepted.`);
    await expect(confirm).toHaveCount(0);
    await expect(summary).toContainText('Complete with accepted skips');
    await expect(summary).toContainText('3 skipped, 3 accepted');
    await expect(accept).toHaveCount(0);
    // Its folder is no longer incomplete either.
    await expect(folders.getByText('No results.')).toBeVisible();

    // Back on the job: the mailbox left the incomplete list; unfiltered it reads its new verdict.
    await page.goto(`${PAGES.job(job.jobId)}&incomplete=1`);
    await expect(bodyRows(mailboxes)).toHaveCount(1);
    await expectAllIncomplete(mailboxes);
    await expect(row('failed')).toHaveCount(1);
    await page.goto(PAGES.job(job.jobId));
    await expect(bodyRows(mailboxes)).toHaveCount(3);
    await expect(row('skipped')).toContainText('Complete with accepted skips');

    // The audit trail names the acceptance by its mailbox (the demo has accepted skips of its own).
    await mainNav(page).getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Action' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Skipped items accepted', exact: true }).press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('action') === 'mailbox.skips.accept');
    const trail = page.getByRole('table', { name: 'Audit Trail' });
    const entry = trail.getByRole('row').filter({ hasText: job.addresses.skipped });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('admin@example.com');
    await expect(entry).toContainText('Skipped items accepted');
    await expect(entry).toContainText('Success');
    await screenshot(page, 'completeness-audit-trail');
  } finally {
    // The journey leaves the stock as it found it: the machine's node-locked unit goes back.
    expect((await adminApi(ROUTES.releaseMachine, { machineName: job.machineName })).status).toBe(200);
  }
});
