import type { ChildAccount } from '@portal/contracts/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_QUERY } from '@/hooks/use-is-mobile';
import '@/test/app-dom';
import { childAccount as account, pagedReply, queryOf } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { headerTexts } from '@/test/table';

const ROWS = [
  account(),
  account({
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Bo Chen',
    email: 'bo@contoso.example',
    active: false,
    poolId: '99999999-9999-4999-8999-999999999999',
    poolName: 'Sales',
    createdAt: null,
  }),
];

const childAccountsReply = (rows: ChildAccount[] = ROWS, totalCount = rows.length) => pagedReply(rows, totalCount);

describe('Users screen (/child-accounts)', () => {
  it('lists the accounts with the spec columns, Individual for no pool and a dash for no date', async () => {
    signIn();
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': childAccountsReply(),
    });
    renderApp('/child-accounts');

    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Ann Lee')).toBeInTheDocument();
    const headers = headerTexts(table);
    // The first column ticks rows for a bulk change (its header is a checkbox).
    expect(headers).toEqual(['', 'Full Name', 'Email', 'Status', 'Pool', 'Created At', 'Actions']);
    const [, ann, bo] = within(table).getAllByRole('row');
    expect(within(ann!).getByText('Active')).toBeInTheDocument();
    expect(within(ann!).getByText('Individual')).toBeInTheDocument();
    expect(within(ann!).getByText('03/02/2025')).toBeInTheDocument();
    expect(within(bo!).getByText('Inactive')).toBeInTheDocument();
    expect(within(bo!).getByText('Sales')).toBeInTheDocument();
    expect(within(bo!).getByText('—')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Filter accounts...')).toBeInTheDocument();
    expect(queryOf(api.calls('GET /api/User/child-accounts')[0])).toEqual({ pageNumber: '1', pageSize: '10' });
  });

  it('offers Create User and a row menu with Edit User only (licenses come later) to an Admin', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])), 'GET /api/User/child-accounts': childAccountsReply() });
    renderApp('/child-accounts');
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: '+ Create User' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Actions for Ann Lee' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Edit User', 'Allocate Licenses', 'Revoke Licenses']);
  });

  it('shows an Auditor the table read-only: no Create User, no actions column', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])), 'GET /api/User/child-accounts': childAccountsReply() });
    renderApp('/child-accounts');

    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ann Lee');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: '+ Create User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('redirects a User away from the page', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['User'])) });
    const { router } = renderApp('/child-accounts');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/child-accounts'));
  });

  it('keeps page, page size and filter in the URL, so a reload asks the server for the same rows', async () => {
    signIn();
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': childAccountsReply(ROWS, 45),
    });
    renderApp('/child-accounts?page=2&pageSize=20&filter=ann');

    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Filter accounts...')).toHaveValue('ann');
    expect(queryOf(api.calls('GET /api/User/child-accounts')[0])).toEqual({
      pageNumber: '2',
      pageSize: '20',
      search: 'ann',
    });
  });

  it('pages on the server and searches 300 ms after typing, back on page 1', async () => {
    signIn();
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': childAccountsReply(ROWS, 25),
    });
    const { router } = renderApp('/child-accounts');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Page 2 of 3');
    expect(router.state.location.search).toBe('?page=2');
    expect(queryOf(api.calls('GET /api/User/child-accounts').at(-1))).toMatchObject({ pageNumber: '2' });

    await user.type(screen.getByPlaceholderText('Filter accounts...'), 'sales');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=sales'));
    await waitFor(() =>
      expect(queryOf(api.calls('GET /api/User/child-accounts').at(-1))).toEqual({
        pageNumber: '1',
        pageSize: '10',
        search: 'sales',
      }),
    );
    // One search for the whole word, not one per keystroke.
    expect(api.calls('GET /api/User/child-accounts').filter((r) => queryOf(r).search)).toHaveLength(1);
  });

  it("says 'No results.' when nothing matches", async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])), 'GET /api/User/child-accounts': childAccountsReply([]) });
    renderApp('/child-accounts');
    expect(await screen.findByText('No results.')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot load", async () => {
    signIn();
    mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': {
        status: 500,
        body: { success: false, message: 'The database is unavailable.' },
      },
    });
    renderApp('/child-accounts');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('The database is unavailable.');
  });
});

describe('Users screen: focus after a dialog', () => {
  function setUp() {
    signIn();
    mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': childAccountsReply(),
      'GET /api/LicensePool': ok([]),
    });
    renderApp('/child-accounts');
    return userEvent.setup();
  }

  it('returns focus to + Create User when its dialog closes', async () => {
    const user = setUp();
    const create = await screen.findByRole('button', { name: '+ Create User' });
    await user.click(create);
    await screen.findByRole('dialog', { name: 'Create User' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveFocus();
  });

  it("returns focus to the row's menu button when Edit User closes", async () => {
    const user = setUp();
    const actions = await screen.findByRole('button', { name: 'Actions for Ann Lee' });
    actions.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit User' }));
    await screen.findByRole('dialog', { name: /Edit User/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actions).toHaveFocus();
  });
});

describe('Users screen on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps Full Name and the actions in the grid and stacks the other values under the name', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === MOBILE_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Admin'])), 'GET /api/User/child-accounts': childAccountsReply() });
    renderApp('/child-accounts');

    const table = await screen.findByRole('table', { name: 'Users' });
    const bo = (await within(table).findByText('Bo Chen')).closest('tr')!;
    expect(headerTexts(table)).toEqual(['', 'Full Name', 'Actions']);
    const nameCell = within(bo).getAllByRole('cell')[1]!;
    const stacked = within(nameCell)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(stacked).toEqual(['Email:', 'Status:', 'Pool:', 'Created At:']);
    expect(within(nameCell).getByText('bo@contoso.example')).toBeInTheDocument();
    expect(within(nameCell).getByText('Inactive')).toBeInTheDocument();
    expect(within(nameCell).getByText('Sales')).toBeInTheDocument();
    expect(within(bo).getByRole('button', { name: 'Actions for Bo Chen' })).toBeInTheDocument();
  });
});

describe('bulk changes on the Users screen (decision 049)', () => {
  it('ticks rows across the page, offers all matching, and sends the filter for them', async () => {
    signIn();
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': childAccountsReply(ROWS, 25),
      'GET /api/LicensePool': pagedReply([], 0),
      'POST /api/Bulk': ok({
        id: '33333333-3333-4333-8333-333333333333',
        kind: 'role',
        targetType: 'User',
        summary: 'Set role to Auditor',
        status: 'Running',
        total: 25,
        counts: { queued: 25, done: 0, failed: 0 },
        units: 0,
        createdAt: '2026-12-02T10:00:00.000Z',
        finishedAt: null,
        undoOf: null,
        undoneBy: null,
        undoUntil: null,
      }),
      'GET /api/Bulk/33333333-3333-4333-8333-333333333333': ok({
        id: '33333333-3333-4333-8333-333333333333',
        kind: 'role',
        targetType: 'User',
        summary: 'Set role to Auditor',
        status: 'Done',
        total: 25,
        counts: { queued: 0, done: 24, failed: 1 },
        units: 0,
        createdAt: '2026-12-02T10:00:00.000Z',
        finishedAt: '2026-12-02T10:00:05.000Z',
        undoOf: null,
        undoneBy: null,
        undoUntil: null,
      }),
      'GET /api/Bulk/33333333-3333-4333-8333-333333333333/rows': pagedReply(
        [
          {
            position: 2,
            targetId: ROWS[1]!.id,
            targetName: 'Bo Chen',
            status: 'Failed',
            message: 'Not changed: No such user.',
            units: 0,
          },
        ],
        25,
      ),
    });
    renderApp('/child-accounts');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ann Lee');
    expect(screen.queryByRole('region', { name: 'Bulk actions for selected users' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Select Ann Lee (ann@contoso.example)' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions for selected users' });
    expect(bar).toHaveTextContent('1 selected.');
    expect(within(bar).queryByRole('button', { name: /Select all/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(bar).toHaveTextContent('2 selected.');
    await user.click(within(bar).getByRole('button', { name: 'Select all 25 matching' }));
    expect(bar).toHaveTextContent('All 25 users matching the filter are selected.');

    await user.click(within(bar).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveTextContent('Change role of 25 users.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 25 users' }));
    expect(await within(dialog).findByText('Done: 24 changed, 1 not changed.')).toBeInTheDocument();
    expect(within(dialog).getByText('Not changed: No such user.')).toBeInTheDocument();
    const [sent] = api.calls('POST /api/Bulk');
    expect(await sent!.json()).toEqual({ targetType: 'User', matching: {}, action: { kind: 'role', role: 'Auditor' } });
  });
});
