import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { PAGES } from '@portal/contracts/pages';
import { ROUTES } from '@portal/contracts/routes';
import { WEBHOOK_MSG, WEBHOOK_TEST_EVENT } from '@portal/contracts/webhooks';
import { Webhook } from 'standardwebhooks';
import { closeDialog, toast } from './support/accounts';
import { isCallOf } from './support/api';
import { expect, expectAccessible, PHONE, screenshot, test } from './support/fixtures';
import { endsAt } from './support/pages';
import { field } from './support/provision';
import { cellOf, rowsWith } from './support/stock';

/**
 * Webhooks (decision 033) through the browser: an Admin adds an endpoint that a receiver inside
 * the test serves on loopback (the test server allows private addresses and retries within
 * seconds), reads its signing secret the one time it is shown, sends a test event, checks its
 * Standard Webhooks signature with the `standardwebhooks` package, sees the delivery succeed,
 * rotates the secret, and deletes the endpoint.
 */

type Received = { headers: Record<string, string>; body: string };
type Receiver = { url: string; received: Received[] };

/** A header of each name, as a verifier reads them (repeated headers joined, as HTTP does). */
function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

const webhookTest = test.extend<{ receiver: Receiver }>({
  // An endpoint on 127.0.0.1 that records every request (headers and raw body) and answers 200.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern.
  receiver: async ({}, use) => {
    const received: Received[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: flatHeaders(request.headers), body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await use({ url: `http://127.0.0.1:${port}/hook`, received });
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
});

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });
/** An endpoint's card: the list item headed by its address. */
const cardOf = (page: Page, url: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: url, exact: true, level: 3 }) });

/** The event type of a received body, or undefined when it is no JSON event. */
function typeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { type?: string }).type;
  } catch {
    return undefined;
  }
}

/** Waits until the receiver got `count` test events, and answers the last. */
async function testEvent(receiver: Receiver, count: number): Promise<Received> {
  const tests = () => receiver.received.filter((request) => typeOf(request.body) === WEBHOOK_TEST_EVENT);
  await expect.poll(() => tests().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return tests().at(-1)!;
}

/** Adds an endpoint through the dialog (an event is required first) and answers the secret it shows once. */
async function addEndpoint(page: Page, url: string): Promise<string> {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (isCallOf(ROUTES.createWebhook, request.url(), request.method())) posts.push(request.url());
  });
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  // Its name changes once the secret is shown: the page holds one dialog.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Add endpoint');
  await field(dialog, 'Endpoint URL').fill(url);
  await field(dialog, 'Description').fill('E2E receiver');
  await dialog.getByRole('button', { name: 'Add endpoint', exact: true }).click();
  await expect(dialog.getByText(WEBHOOK_MSG.eventsRequired)).toBeVisible();
  expect(posts).toHaveLength(0);

  // Keyboard: Space ticks the focused checkbox.
  const allocated = dialog.getByRole('checkbox', { name: 'Units were allocated' });
  await allocated.focus();
  await page.keyboard.press('Space');
  await expect(allocated).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'A lot was issued' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('data-state', 'indeterminate');
  await expect(dialog.getByText(WEBHOOK_MSG.eventsRequired)).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add endpoint', exact: true }).click();

  const shown = field(dialog, 'Signing secret');
  await expect(shown).toHaveValue(/^whsec_/);
  await expect(shown).toHaveAttribute('readonly', '');
  await expect(dialog).toHaveAccessibleName('Endpoint added');
  await expect(dialog.getByText(WEBHOOK_MSG.created)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(posts).toHaveLength(1);
  const secret = await shown.inputValue();
  // The dialog that shows the secret, checked in light and dark (no picture: it would keep the secret).
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
  return secret;
}

/** Rotates the endpoint's secret through its confirmation and answers the new one, shown once. */
async function rotateSecret(page: Page, card: Locator): Promise<string> {
  await card.getByRole('button', { name: 'Rotate secret' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleName('Rotate the signing secret?');
  await expect(dialog).toContainText('keeps signing alongside it for 24 hours');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Rotate secret', exact: true }).click();
  const shown = field(dialog, 'Signing secret');
  await expect(shown).toHaveValue(/^whsec_/);
  await expect(dialog).toHaveAccessibleName('New signing secret');
  await expect(dialog.getByText(WEBHOOK_MSG.rotated)).toBeVisible();
  const secret = await shown.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  return secret;
}

webhookTest(
  'an Admin adds a webhook, its signed test event arrives and succeeds, then it rotates the secret and deletes it',
  async ({ adminPage: page, receiver }) => {
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await settingsNav(page).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(endsAt(PAGES.webhooks));
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
    await expect(page.locator('code', { hasText: 'webhook-signature' })).toBeVisible();
    await expect(page.getByText(/^\d+ endpoints?$/)).toBeVisible();

    const secret = await addEndpoint(page, receiver.url);
    const card = cardOf(page, receiver.url);
    await expect(card).toHaveCount(1);
    await expect(card.getByText('E2E receiver')).toBeVisible();
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(card.getByText('2 events')).toBeVisible();
    await expect(card.getByText('No deliveries yet')).toBeVisible();
    await screenshot(page, 'settings-webhooks');

    // The test event reaches the receiver, signed with the secret shown once.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await toast(page, WEBHOOK_MSG.testQueued);
    const first = await testEvent(receiver, 1);
    expect(first.headers['content-type']).toContain('application/json');
    expect(first.headers['webhook-id']).toBeTruthy();
    const payload = new Webhook(secret).verify(first.body, first.headers) as { type: string; timestamp: string };
    expect(payload.type).toBe(WEBHOOK_TEST_EVENT);
    expect(Number.isNaN(Date.parse(payload.timestamp))).toBe(false);
    expect(() => new Webhook(secret).verify(first.body.replace('{', '{ '), first.headers)).toThrow();

    // Its delivery, under the card: Succeeded on the first attempt, answered 200.
    await card.getByRole('button', { name: /^Deliveries of/ }).click();
    const table = card.getByRole('table', { name: 'Deliveries' });
    const row = rowsWith(table, WEBHOOK_TEST_EVENT);
    await expect(row).toHaveCount(1);
    await expect(await cellOf(table, row, 'Status')).toHaveText('Succeeded');
    await expect(await cellOf(table, row, 'Answer')).toHaveText('200');
    await expect(await cellOf(table, row, 'Attempts')).toHaveText('1');
    await expect(card.getByText('OK', { exact: true })).toBeVisible();
    await screenshot(page, 'settings-webhooks-deliveries');

    // A new secret; the previous one keeps signing beside it for a day.
    const rotated = await rotateSecret(page, card);
    expect(rotated).not.toBe(secret);
    await expect(card.getByText(/Also signs until/)).toBeVisible();
    await card.getByRole('button', { name: 'Send test event' }).click();
    const second = await testEvent(receiver, 2);
    expect(second.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
    expect((new Webhook(rotated).verify(second.body, second.headers) as { type: string }).type).toBe(
      WEBHOOK_TEST_EVENT,
    );
    expect(() => new Webhook(secret).verify(second.body, second.headers)).not.toThrow();

    await card.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete webhook '${receiver.url}'?` });
    await expect(confirm.getByText('No more events are sent to it.')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, WEBHOOK_MSG.deleted);
    await expect(card).toHaveCount(0);
  },
);

test('on a 375 px phone the Webhooks page, its deliveries and the Add dialog fit the screen', async ({
  signedIn,
  adminApi,
}) => {
  // A long address that must wrap; nothing is ever sent to it (no event happens in this journey).
  const url = `http://127.0.0.1:9/portal/webhooks/${'a-rather-long-path-segment-'.repeat(4)}end`;
  const created = await adminApi(ROUTES.createWebhook, { url, events: ['stock.low'], description: 'Phone check' });
  expect(created.status, created.body.message).toBe(200);
  const { id } = created.body.data as { id: string };

  const page = await signedIn('admin@example.com', { viewport: PHONE });
  await page.goto(PAGES.webhooks);
  const card = cardOf(page, url);
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: /^Deliveries of/ }).click();
  await expect(card.getByText('No deliveries yet.')).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await screenshot(page, 'settings-webhooks-375');

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await expect(dialog.getByRole('checkbox', { name: 'A product runs low' })).toBeAttached();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await closeDialog(dialog);

  const removed = await adminApi(ROUTES.deleteWebhook, undefined, { params: { id } });
  expect(removed.status, removed.body.message).toBe(200);
});

test('a User, whose organisation’s webhooks are its Admin’s, is not offered Webhooks', async ({ userPage: page }) => {
  await page.goto(PAGES.settings);
  await expect(field(page, 'Username')).toBeVisible();
  await expect(settingsNav(page).getByRole('link', { name: 'API keys' })).toBeVisible();
  await expect(settingsNav(page).getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  await page.goto(PAGES.webhooks);
  await expect(page).not.toHaveURL(endsAt(PAGES.webhooks));
});
