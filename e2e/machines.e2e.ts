import type { Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { toast } from './support/accounts';
import { expect, expectAccessible, screenshot, test } from './support/fixtures';

/**
 * Machines (decision 045) through the browser: admin@'s migration tool binds a node-locked license
 * to a machine of the journey's own, the Admin opens the machine's detail from the Machine View,
 * releases the license (back to its pool, a Release movement written) and blocks the machine (the
 * agent is then refused with MACHINE_BLOCKED), then unblocks it. By keyboard where it matters; every
 * screen checked by axe in light and dark.
 */

const machinesTable = (page: Page) => page.getByRole('table', { name: 'Machine View' });

test('an Admin releases a machine’s bound license and blocks then unblocks the machine', async ({
  adminPage: page,
  adminApi,
}) => {
  const machineName = `E2E-MACHINE-${Date.now().toString(36).toUpperCase()}`;
  const startJob = (clientKey: string) =>
    adminApi(ROUTES.agentStartJob, {
      machineName,
      clientKey,
      name: `Journey ${clientKey}`,
      productCode: 'PFM',
      fingerprint: `fp-${machineName}`,
    });
  const started = await startJob('first');
  expect(started.body.data).toMatchObject({ licensing: 'NodeLocked' });

  await page.goto(PAGES.reportMachines);
  const table = machinesTable(page);
  const row = table.getByRole('row').filter({ hasText: machineName });
  await expect(row).toContainText('1');
  // Keyboard: the row's Details button opens the machine's detail.
  await row.getByRole('button', { name: `Details of ${machineName}` }).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: machineName });
  const bound = detail.getByRole('table', { name: 'Bound licenses' });
  await expect(bound.getByRole('row')).toHaveCount(2);
  await expect(detail.getByText(`fp-${machineName}`)).toBeVisible();
  await expect(detail.getByRole('table', { name: 'Latest jobs' })).toContainText('Journey first');
  await screenshot(page, 'machines-detail');

  // Release the bound license: it goes back to its pool.
  await bound.getByRole('button', { name: /^Release / }).click();
  const confirm = page.getByRole('alertdialog', { name: new RegExp(`^Release .* from ${machineName}\\?$`) });
  await expect(confirm).toContainText('as an available license, with a Release movement in License Movement');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Release', exact: true }).click();
  await toast(page, '1 license went back to its pool.');
  await expect(detail.getByText('No node-locked license is bound to this machine.')).toBeVisible();

  // Block it: the agent's calls are refused with the stable code.
  await detail.getByRole('button', { name: 'Block machine' }).click();
  const block = page.getByRole('alertdialog', { name: `Block ${machineName}?` });
  await expect(block).toContainText('Its node-locked licenses stay bound to it');
  await block.getByRole('button', { name: 'Block', exact: true }).click();
  await toast(page, `${machineName} is blocked: its calls are refused.`);
  await expect(detail.getByText('Blocked', { exact: true })).toBeVisible();
  await screenshot(page, 'machines-detail-blocked');
  const refused = await startJob('second');
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 'MACHINE_BLOCKED' });

  // The list marks it; unblocking serves the agent again, which binds a license anew.
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(row.getByText('Blocked', { exact: true })).toBeVisible();
  await screenshot(page, 'machines-list');
  await row.getByRole('button', { name: `Details of ${machineName}` }).click();
  await detail.getByRole('button', { name: 'Unblock machine' }).click();
  const unblock = page.getByRole('alertdialog', { name: `Unblock ${machineName}?` });
  await unblock.getByRole('button', { name: 'Unblock', exact: true }).click();
  await toast(page, `${machineName} can report again.`);
  expect((await startJob('second')).body.data).toMatchObject({ licensing: 'NodeLocked' });

  // The journey leaves the stock as it found it: the new binding goes back too.
  expect((await adminApi(ROUTES.releaseMachine, { machineName })).status).toBe(200);

  // The release is in License Movement.
  await page.goto(PAGES.licenseMovement);
  await expect(
    page.getByRole('row').filter({ hasText: machineName }).filter({ hasText: 'Release' }).first(),
  ).toBeVisible();
});
