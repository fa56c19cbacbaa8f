import { API_KEY_MSG, type ApiKey, type CreatedApiKey } from '@portal/contracts/api-keys';
import type { Role } from '@portal/contracts/roles';
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

const BUILD_ID = '6f1c2a0e-3b7d-4c55-9a1e-0d2b8c4f7a10';
const OLD_ID = '0b9e4f6d-8a21-4c3e-b5d7-2f1a9c6e8d43';
const NEW_ID = 'c4d8e2f1-7a3b-4e9c-8d15-6b2a0f9e3c77';
const SECRET = 'mhk_AbCdEfGh0123456789abcdefghijklmnopqrstuvw';

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: BUILD_ID,
    name: 'Build server',
    prefix: 'mhk_Zx81QwEr',
    scopes: ['agent'],
    status: 'Active',
    ownerId: 'u-1',
    ownerName: 'Dana Reyes',
    ownerEmail: 'dana@contoso.example',
    createdAt: '2026-01-10T09:00:00Z',
    expiresAt: '2027-01-10T09:00:00Z',
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
    ...overrides,
  };
}

const REVOKED = apiKey({
  id: OLD_ID,
  name: 'Old laptop',
  prefix: 'mhk_Old00000',
  scopes: ['agent', 'read'],
  status: 'Revoked',
  ownerName: 'Riley Child',
  ownerEmail: 'riley@contoso.example',
  lastUsedAt: '2026-02-01T10:30:00Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: '2026-02-02T08:00:00Z',
});

const CREATED: CreatedApiKey = {
  id: NEW_ID,
  name: 'CI key',
  prefix: SECRET.slice(0, 12),
  key: SECRET,
  scopes: ['agent'],
  expiresAt: '2027-03-01T09:00:00Z',
};

/** The list answers `lists[n]` to its n-th request (the last one after that). */
function listReply(...lists: ApiKey[][]) {
  let served = 0;
  return (request: Request) => pagedReply(lists[Math.min(served++, lists.length - 1)]!)(request);
}

function setUp(roles: Role[], replies: Parameters<typeof mockApi>[0] = {}, path = '/settings/api-keys') {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/ApiKey': pagedReply([apiKey(), REVOKED]),
    ...replies,
  });
  const view = renderApp(path);
  return { api, user: userEvent.setup(), ...view };
}

const settingsNav = () => screen.getByRole('navigation', { name: 'Settings' });

describe('settings: API keys', () => {
  it.each<Role>(['Admin', 'User'])('is offered to a %s in the settings navigation', async (role) => {
    setUp([role], {}, '/settings');
    await screen.findByLabelText('Username');
    expect(within(settingsNav()).getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/settings/api-keys');
  });

  it('is not offered to an Auditor', async () => {
    setUp(['Auditor'], {}, '/settings');
    await screen.findByLabelText('Username');
    expect(within(settingsNav()).queryByRole('link', { name: 'API keys' })).not.toBeInTheDocument();
    expect(
      within(settingsNav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Profile', 'Change Password', 'Two-factor']);
  });

  it('sends an Auditor away from its address', async () => {
    const { api, router } = setUp(['Auditor']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/intro'));
    expect(api.calls('GET /api/ApiKey')).toHaveLength(0);
  });

  it('lists an Admin’s keys and those of its accounts, never a whole key', async () => {
    const { api } = setUp(['Admin']);
    expect(await screen.findByRole('heading', { name: 'API keys', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer <key>')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Keys' });
    const active = (await within(table).findByText('Build server')).closest('tr')!;
    expect(headerTexts(table)).toEqual(['Name', 'Owner', 'Valid', 'Last used', 'Status', 'Actions']);
    expect(cellTexts(active).slice(0, 5)).toEqual([
      'Build servermhk_Zx81QwEr… · Migration agent',
      'Dana Reyesdana@contoso.example',
      'from 10/01/2026until 10/01/2027',
      'Never',
      'Active',
    ]);
    expect(within(active).getByRole('button', { name: 'Revoke Build server' })).toBeInTheDocument();
    const revoked = within(table).getByText('Old laptop').closest('tr')!;
    expect(within(revoked).getByText(/Migration agent, Read only/)).toBeInTheDocument();
    expect(within(revoked).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    expect(queryOf(api.calls('GET /api/ApiKey')[0])).toEqual({ pageNumber: '1', pageSize: '50' });
  });

  it('searches the keys, and narrows an Admin’s list to its own', async () => {
    const { api, user } = setUp(['Admin']);
    await screen.findByText('Build server');
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name, key or owner' }), 'build{Enter}');
    await waitFor(() => expect(queryOf(api.calls('GET /api/ApiKey').at(-1))).toMatchObject({ search: 'build' }));
    await user.click(screen.getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'My keys only' }));
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/ApiKey').at(-1))).toEqual({
        search: 'build',
        mine: 'true',
        pageNumber: '1',
        pageSize: '50',
      }),
    );
  });

  it('shows a User its own keys without the Owner column, and says when there are none', async () => {
    setUp(['User'], { 'GET /api/ApiKey': pagedReply([]) });
    const table = await screen.findByRole('table', { name: 'Keys' });
    expect(await within(table).findByText('No API keys yet.')).toBeInTheDocument();
    expect(headerTexts(table)).not.toContain('Owner');
    expect(screen.queryByRole('combobox', { name: 'Owner' })).not.toBeInTheDocument();
  });

  it('creates a key, shows it once with a Copy button, and refreshes the list', async () => {
    const { api, user } = setUp(['Admin'], {
      'GET /api/ApiKey': listReply(
        [apiKey()],
        [apiKey({ id: NEW_ID, name: 'CI key', prefix: CREATED.prefix }), apiKey()],
      ),
      'POST /api/ApiKey': ok(CREATED, { message: API_KEY_MSG.created }),
    });
    await screen.findByText('Build server');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByLabelText('Expires in (days)')).toHaveValue(365);
    await user.type(within(dialog).getByLabelText('Name'), 'CI key');
    const agent = within(dialog).getByRole('checkbox', { name: 'Migration agent' });
    expect(agent).toHaveAccessibleDescription(/Registers machines/);
    await user.click(agent);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const key = await within(dialog).findByLabelText('API key');
    expect(key).toHaveValue(SECRET);
    expect(key).toHaveAttribute('readonly');
    expect(key).toHaveFocus();
    expect(within(dialog).getByText(API_KEY_MSG.created)).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/ApiKey')).toEqual([{ name: 'CI key', scopes: ['agent'], expiresInDays: 365 }]);
    // The dialog says it; no toast says it a second time.
    expect(screen.getAllByText(API_KEY_MSG.created)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await waitFor(() => expect(api.calls('GET /api/ApiKey')).toHaveLength(2));
    expect(await screen.findByText('CI key', { selector: 'td span' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);

    // Opened again, the dialog starts over: the key is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).getByLabelText('Name')).toHaveValue('');
    expect(within(again).queryByLabelText('API key')).not.toBeInTheDocument();
  });

  it('sends nothing while no scope is chosen', async () => {
    const { api, user } = setUp(['User']);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_KEY_MSG.scopesRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Migration agent' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      API_KEY_MSG.scopesRequired,
    );

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read only' }));
    await user.clear(within(dialog).getByLabelText('Expires in (days)'));
    await user.type(within(dialog).getByLabelText('Expires in (days)'), '731');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(API_KEY_MSG.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(API_KEY_MSG.expiryRange)).toBeInTheDocument();
    expect(within(dialog).queryByText(API_KEY_MSG.scopesRequired)).not.toBeInTheDocument();
    expect(api.calls('POST /api/ApiKey')).toHaveLength(0);
  });

  it('shows the server’s field errors under their fields', async () => {
    const message = 'Name must not contain a NUL character.';
    const { user } = setUp(['User'], {
      'POST /api/ApiKey': failure(400, message, [{ field: 'name', message }]),
    });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Agent');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Migration agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('asks before revoking a key, then revokes it and refreshes the list', async () => {
    const { api, user } = setUp(['Admin'], {
      'GET /api/ApiKey': listReply([apiKey()], [apiKey({ status: 'Revoked', revokedAt: '2026-03-01T08:00:00Z' })]),
      [`DELETE /api/ApiKey/${BUILD_ID}`]: () =>
        json(200, { success: true, message: API_KEY_MSG.revoked, data: apiKey({ status: 'Revoked' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Build server' }));
    let confirm = await screen.findByRole('alertdialog', { name: "Revoke API key 'Build server'?" });
    expect(confirm).toHaveAccessibleDescription('Programs using it stop at once.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/ApiKey/${BUILD_ID}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Build server' }));
    confirm = await screen.findByRole('alertdialog', { name: "Revoke API key 'Build server'?" });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(API_KEY_MSG.revoked)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls(`DELETE /api/ApiKey/${BUILD_ID}`)).toHaveLength(1);
    const row = (await screen.findByText('Revoked')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
  });
});
