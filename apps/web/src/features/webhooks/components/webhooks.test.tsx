import type { Role } from '@portal/contracts/roles';
import { WEBHOOK_MSG, type Webhook, type WebhookDelivery } from '@portal/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { failure } from '@/test/auth';
import { json, mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { cellTexts, headerTexts } from '@/test/table';
import { signIn, userWith } from '@/test/users';

const HOOK_ID = '3f0c9a2e-5b1d-4e7a-9c3f-1a2b3c4d5e6f';
const OFF_ID = '7d2e1f0a-9b8c-4d3e-8f2a-6b5c4d3e2f1a';
const NEW_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const DELIVERY_ID = 'e9d8c7b6-a5f4-4e3d-9c2b-1a0f9e8d7c6b';
const URL_OK = 'https://hooks.contoso.example/portal';
const URL_OFF = 'https://old.contoso.example/hook';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: HOOK_ID,
    url: URL_OK,
    description: 'Stock sync',
    events: ['license.issued', 'license.allocated'],
    enabled: true,
    disabledReason: null,
    ownerName: 'Dana Reyes',
    ownerEmail: 'dana@contoso.example',
    createdAt: '2026-01-10T09:00:00Z',
    previousSecretUntil: null,
    lastAttemptAt: null,
    lastAttemptOk: null,
    ...overrides,
  };
}

const DISABLED = webhook({
  id: OFF_ID,
  url: URL_OFF,
  description: '',
  events: ['stock.low'],
  enabled: false,
  disabledReason: 'Failed for 5 days in a row',
  lastAttemptAt: '2026-02-01T10:30:00Z',
  lastAttemptOk: false,
});

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: DELIVERY_ID,
    messageId: 'msg_2mZb1XjQ',
    type: 'license.allocated',
    status: 'Failed',
    attempts: 4,
    createdAt: '2026-02-01T10:00:00Z',
    lastAttemptAt: '2026-02-01T10:30:00Z',
    lastStatusCode: null,
    lastDurationMs: 10000,
    lastError: 'timed out',
    nextAttemptAt: null,
    ...overrides,
  };
}

/** The list answers `lists[n]` to its n-th request (the last one after that). */
function listReply(...lists: Webhook[][]) {
  let served = 0;
  return () => json(200, { success: true, data: lists[Math.min(served++, lists.length - 1)] });
}

function setUp(roles: Role[], replies: Parameters<typeof mockApi>[0] = {}, path = '/settings/webhooks') {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/Webhook': ok([webhook(), DISABLED]),
    ...replies,
  });
  const view = renderApp(path);
  return { api, user: userEvent.setup(), ...view };
}

const settingsNav = () => screen.getByRole('navigation', { name: 'Settings' });
const cardOf = async (url: string) => (await screen.findByRole('heading', { name: url, level: 3 })).closest('li')!;

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add endpoint' });
}

describe('settings: webhooks', () => {
  it('is offered to an Admin in the settings navigation', async () => {
    setUp(['Admin'], {}, '/settings');
    await screen.findByLabelText('Username');
    expect(within(settingsNav()).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/settings/webhooks');
  });

  it('is not offered to a User, who is sent away from its address', async () => {
    const { api, router } = setUp(['User'], {}, '/settings');
    await screen.findByLabelText('Username');
    expect(within(settingsNav()).getByRole('link', { name: 'API keys' })).toBeInTheDocument();
    expect(within(settingsNav()).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    void router.navigate('/settings/webhooks');
    await waitFor(() => expect(router.state.location.pathname).toBe('/intro'));
    expect(api.calls('GET /api/Webhook')).toHaveLength(0);
  });

  it('lists the endpoints with their events, status and last attempt, and enables a disabled one', async () => {
    const { api, user } = setUp(['Admin'], {
      'GET /api/Webhook': listReply([webhook(), DISABLED], [webhook(), { ...DISABLED, enabled: true }]),
      [`POST /api/Webhook/${OFF_ID}/enable`]: ok({ ...DISABLED, enabled: true }, { message: WEBHOOK_MSG.enabled }),
    });
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('webhook-signature')).toBeInTheDocument();
    const card = await cardOf(URL_OK);
    expect(within(card).getByText('Stock sync')).toBeInTheDocument();
    expect(within(card).getByText('Enabled')).toBeInTheDocument();
    expect(within(card).getByText('2 events')).toBeInTheDocument();
    expect(within(card).getByText('license.allocated')).toBeInTheDocument();
    expect(within(card).getByText('No deliveries yet')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Enable/ })).not.toBeInTheDocument();

    const off = await cardOf(URL_OFF);
    expect(within(off).getByText('Disabled')).toBeInTheDocument();
    expect(within(off).getByText('Failed for 5 days in a row')).toBeInTheDocument();
    expect(within(off).getByText('Failed')).toBeInTheDocument();
    await user.click(within(off).getByRole('button', { name: `Enable ${URL_OFF}` }));
    expect(await screen.findByText(WEBHOOK_MSG.enabled)).toBeInTheDocument();
    expect(api.calls(`POST /api/Webhook/${OFF_ID}/enable`)).toHaveLength(1);
    await waitFor(() => expect(within(off).queryByText('Disabled')).not.toBeInTheDocument());
  });

  it('says when there are no webhooks', async () => {
    setUp(['Admin'], { 'GET /api/Webhook': ok([]) });
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('adds an endpoint, shows its signing secret once, and refreshes the list', async () => {
    const { api, user } = setUp(['Admin'], {
      'GET /api/Webhook': listReply([webhook()], [webhook(), webhook({ id: NEW_ID, url: 'https://new.example/hook' })]),
      'POST /api/Webhook': ok({ id: NEW_ID, secret: SECRET }, { message: WEBHOOK_MSG.created }),
    });
    await cardOf(URL_OK);
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://new.example/hook');
    await user.type(within(dialog).getByLabelText('Description'), 'ERP');
    const allocated = within(dialog).getByRole('checkbox', { name: 'Units were allocated' });
    expect(allocated).toHaveAccessibleDescription('license.allocated');
    expect(within(dialog).getByRole('group', { name: 'License stock' })).toContainElement(allocated);
    await user.click(allocated);
    await user.click(within(dialog).getByRole('checkbox', { name: 'A lot was issued' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('data-state', 'indeterminate');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await within(dialog).findByLabelText('Signing secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveFocus();
    expect(dialog).toHaveAccessibleName('Endpoint added');
    expect(within(dialog).getByText(WEBHOOK_MSG.created)).toBeInTheDocument();
    expect(screen.getAllByText(WEBHOOK_MSG.created)).toHaveLength(1);
    expect(await api.bodiesOf('POST /api/Webhook')).toEqual([
      { url: 'https://new.example/hook', events: ['license.issued', 'license.allocated'], description: 'ERP' },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await waitFor(() => expect(api.calls('GET /api/Webhook')).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'https://new.example/hook' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);

    // Opened again, the dialog starts over: the secret is gone for good.
    const again = await openAddDialog(user);
    expect(within(again).getByLabelText('Endpoint URL')).toHaveValue('');
    expect(within(again).queryByLabelText('Signing secret')).not.toBeInTheDocument();
  });

  it('sends nothing while no event is chosen; Select all chooses every one', async () => {
    const { api, user } = setUp(['Admin']);
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://erp.example/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MSG.eventsRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
      WEBHOOK_MSG.eventsRequired,
    );
    expect(within(dialog).getByRole('checkbox', { name: 'A job started' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/Webhook')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Select all' }));
    expect(within(dialog).getByRole('checkbox', { name: 'An API key was revoked' })).toBeChecked();
    expect(within(dialog).queryByText(WEBHOOK_MSG.eventsRequired)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Endpoint URL'));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MSG.urlRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/Webhook')).toHaveLength(0);
  });

  it('shows the server’s refusal of the address under the URL field', async () => {
    const { user } = setUp(['Admin'], {
      'POST /api/Webhook': failure(400, WEBHOOK_MSG.urlRefused, [{ field: 'url', message: WEBHOOK_MSG.urlRefused }]),
    });
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A product runs low' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const url = within(dialog).getByLabelText('Endpoint URL');
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(expect.stringContaining(WEBHOOK_MSG.urlRefused));
    // Said once, under the field: no toast repeats it.
    expect(screen.getAllByText(WEBHOOK_MSG.urlRefused)).toHaveLength(1);
  });

  it('sends a test event', async () => {
    const queued = delivery({ type: 'webhook.test', status: 'Pending', attempts: 0, lastAttemptAt: null });
    const { api, user } = setUp(['Admin'], {
      [`POST /api/Webhook/${HOOK_ID}/test`]: ok(queued, { message: WEBHOOK_MSG.testQueued }),
    });
    const card = await cardOf(URL_OK);
    await user.click(within(card).getByRole('button', { name: `Send test event to ${URL_OK}` }));
    expect(await screen.findByText(WEBHOOK_MSG.testQueued)).toBeInTheDocument();
    expect(api.calls(`POST /api/Webhook/${HOOK_ID}/test`)).toHaveLength(1);
  });

  it('lists an endpoint’s deliveries, filters them, and resends a failed one', async () => {
    const deliveriesPath = `/api/Webhook/${HOOK_ID}/deliveries`;
    const ok200 = delivery({ id: NEW_ID, type: 'license.issued', status: 'Succeeded', attempts: 1 });
    const { api, user } = setUp(['Admin'], {
      [`GET ${deliveriesPath}`]: pagedReply([delivery(), { ...ok200, lastStatusCode: 200, lastError: null }]),
      [`POST ${deliveriesPath}/${DELIVERY_ID}/resend`]: ok(delivery({ status: 'Pending' }), {
        message: WEBHOOK_MSG.resendQueued,
      }),
    });
    const card = await cardOf(URL_OK);
    const toggle = within(card).getByRole('button', { name: `Deliveries of ${URL_OK}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await within(card).findByRole('table', { name: 'Deliveries' });
    const failed = (await within(table).findByText('license.allocated')).closest('tr')!;
    expect(headerTexts(table)).toEqual([
      'Event',
      'Status',
      'Attempts',
      'Last attempt',
      'Answer',
      'Duration',
      'Next attempt',
      'Actions',
    ]);
    expect(cellTexts(failed).slice(0, 7)).toEqual([
      'license.allocated',
      'Failed',
      '4',
      expect.stringMatching(/^01\/02\/2026 \d{2}:\d{2}:00$/),
      'timed out',
      '10000 ms',
      '—',
    ]);
    const succeeded = within(table).getByText('license.issued').closest('tr')!;
    expect(cellTexts(succeeded).slice(1, 5)).toEqual(['Succeeded', '1', expect.any(String), '200']);
    expect(within(succeeded).getByRole('button', { name: 'Resend license.issued' })).toBeInTheDocument();
    expect(queryOf(api.calls(`GET ${deliveriesPath}`)[0])).toEqual({ pageNumber: '1', pageSize: '10' });

    await user.click(within(failed).getByRole('button', { name: 'Resend license.allocated' }));
    expect(await screen.findByText(WEBHOOK_MSG.resendQueued)).toBeInTheDocument();
    expect(api.calls(`POST ${deliveriesPath}/${DELIVERY_ID}/resend`)).toHaveLength(1);
    await waitFor(() => expect(api.calls(`GET ${deliveriesPath}`)).toHaveLength(2));

    await user.click(within(card).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(queryOf(api.calls(`GET ${deliveriesPath}`).at(-1))).toEqual({
        status: 'Failed',
        pageNumber: '1',
        pageSize: '10',
      }),
    );
  });

  it('rotates the secret after saying the previous one keeps signing, and shows the new one once', async () => {
    const rotated = 'whsec_NewSecret0123456789abcdefABCDEF';
    const { api, user } = setUp(['Admin'], {
      [`POST /api/Webhook/${HOOK_ID}/rotate-secret`]: ok(
        { id: HOOK_ID, secret: rotated },
        { message: WEBHOOK_MSG.rotated },
      ),
    });
    const card = await cardOf(URL_OK);
    await user.click(within(card).getByRole('button', { name: `Rotate secret of ${URL_OK}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(confirm).toHaveAccessibleDescription(/keeps signing alongside it for 24 hours/);
    expect(api.calls(`POST /api/Webhook/${HOOK_ID}/rotate-secret`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(confirm).findByLabelText('Signing secret')).toHaveValue(rotated);
    expect(screen.getAllByText(WEBHOOK_MSG.rotated)).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(rotated);
  });

  it('asks before deleting an endpoint, then deletes it and refreshes the list', async () => {
    const { api, user } = setUp(['Admin'], {
      'GET /api/Webhook': listReply([webhook(), DISABLED], [DISABLED]),
      [`DELETE /api/Webhook/${HOOK_ID}`]: ok(webhook(), { message: WEBHOOK_MSG.deleted }),
    });
    const card = await cardOf(URL_OK);
    await user.click(within(card).getByRole('button', { name: `Delete ${URL_OK}` }));
    let confirm = await screen.findByRole('alertdialog', { name: `Delete webhook '${URL_OK}'?` });
    expect(confirm).toHaveAccessibleDescription('No more events are sent to it.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/Webhook/${HOOK_ID}`)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: `Delete ${URL_OK}` }));
    confirm = await screen.findByRole('alertdialog', { name: `Delete webhook '${URL_OK}'?` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(WEBHOOK_MSG.deleted)).toBeInTheDocument();
    expect(api.calls(`DELETE /api/Webhook/${HOOK_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: URL_OK })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: URL_OFF })).toBeInTheDocument();
  });
});
