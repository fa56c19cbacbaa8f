import { expect, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '@portal/contracts/routes';
import type { ApiCall } from './provision';

/** Helpers of the license stock journeys. */

/** The demo products the seed issues to admin@, as the picker and the tables name them. */
export const PRODUCT = {
  MBX: 'Mailbox Migration',
  ARC: 'Archive Migration',
  PFM: 'Public Folder Migration',
  T2T: 'Tenant-to-Tenant Migration',
} as const;

type AvailableGroup = { groupKey: string; productCode: string; edition: string; availableCount: number };

/**
 * admin@ hands `quantity` units of one of its product groups (by code and edition) on to a child
 * user or a shared pool, through the API (set-up the journey is not about).
 */
export async function allocateThroughApi(
  admin: ApiCall,
  target: { id: string; isUser: boolean },
  productCode: string,
  edition: string,
  quantity: number,
): Promise<void> {
  const summary = await admin(ROUTES.availableSummary);
  const group = ((summary.body.data ?? []) as AvailableGroup[]).find(
    (item) => item.productCode === productCode && item.edition === edition && item.availableCount >= quantity,
  );
  if (!group) throw new Error(`admin@ has no ${quantity} ${productCode} ${edition} available`);
  const res = await admin(
    ROUTES.allocate,
    {
      targetId: target.id,
      isUser: target.isUser,
      productAllocations: [{ groupKey: group.groupKey, productCode, quantity }],
    },
    { query: { allowPartialRevocation: 'true' } },
  );
  if (res.status !== 200) throw new Error(`allocate ${productCode}: ${res.status} ${res.body.message}`);
}

/** The cell of `row` under the column headed `header` (the tables' columns, as a reader finds them). */
export async function cellOf(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column '${header}' in [${headers.join(', ')}]`);
  return row.getByRole('cell').nth(index);
}

/** The rows of a table that show `text` (the header row never does). */
export const rowsWith = (table: Locator, text: string | RegExp) => table.getByRole('row').filter({ hasText: text });

/** Types into a list's search box and waits for the debounced filter to reach the URL. */
export async function filterList(page: Page, box: Locator, text: string, param = 'filter'): Promise<void> {
  await box.fill(text);
  await expect(page).toHaveURL((url) => (url.searchParams.get(param) ?? '') === text);
  await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
}

/**
 * In an Allocate or Revoke dialog: opens 'Add product', searches and picks the option named
 * `name`; answers the quantity box of the new row.
 */
export async function pickProduct(page: Page, dialog: Locator, search: string, name: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Add product' }).click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill(search);
  await page.getByRole('option').filter({ hasText: name }).first().click();
  const quantity = dialog.getByLabel(`Quantity of ${name}`);
  await expect(quantity).toBeFocused();
  return quantity;
}

/** Opens a row menu's item on the Users or License Pools screen. */
export async function rowMenu(page: Page, name: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
