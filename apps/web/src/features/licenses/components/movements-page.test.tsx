import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { movement } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { cellTexts, headerTexts } from '@/test/table';

function setUp(roles: Parameters<typeof userWith>[0], rows = [movement()], path = '/license-movement') {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/LicenseMovement': pagedReply(rows, 250),
  });
  renderApp(path);
  return { api, user: userEvent.setup() };
}

const listCalls = (api: ReturnType<typeof mockApi>) => api.calls('GET /api/LicenseMovement');

afterEach(() => {
  vi.useRealTimers();
});

describe('License Movement screen (/license-movement)', () => {
  it('lists movements for any role, 100 per page, with the size of each change', async () => {
    const { api } = setUp(['User']);
    expect(await screen.findByRole('heading', { name: 'License Movement', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'License Movement' });
    const row = (await within(table).findByText('Ann Lee')).closest('tr')!;
    expect(headerTexts(table)).toEqual(['Date', 'Action', 'Product', 'Quantity', 'Source Pool', 'Target', 'By']);
    expect(cellTexts(row)).toEqual([
      expect.stringMatching(/^03\/02\/2026 \d\d:04:05$/),
      'Allocate',
      'Mailbox MigratorMBX',
      '5',
      'Default Pool',
      'Ann LeeUser',
      'Dana Reyes',
    ]);
    expect(queryOf(listCalls(api)[0])).toEqual({ pageNumber: '1', pageSize: '100' });
  });

  it('shows a dash without a source pool and System without an actor', async () => {
    setUp(
      ['Admin'],
      [movement({ action: 'Issue', quantityChange: 10, sourcePoolName: null, actorName: null, actorEmail: null })],
    );
    const row = (await screen.findByText('Ann Lee')).closest('tr')!;
    const cells = cellTexts(row);
    expect(cells.slice(1)).toEqual(['Issue', 'Mailbox MigratorMBX', '10', '-', 'Ann LeeUser', 'System']);
  });

  it('names the API key that moved units, quoted', async () => {
    setUp(['User'], [movement({ action: 'Consume', apiKeyName: 'MIG-WS-01 agent' })]);
    const row = (await screen.findByText('Ann Lee')).closest('tr')!;
    expect(cellTexts(row).at(-1)).toBe("Dana Reyes via key 'MIG-WS-01 agent'");
  });

  it('names a machine that a node-locked license bound units to', async () => {
    setUp(['User'], [movement({ action: 'Consume', targetName: 'MIG-WS-01', targetType: 'Machine' })]);
    const row = (await screen.findByText('MIG-WS-01')).closest('tr')!;
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('MIG-WS-01Machine (node-locked)');
  });

  it('says No results. when nothing moved', async () => {
    setUp(['User'], []);
    expect(await screen.findByText('No results.')).toBeInTheDocument();
  });

  it('offers 100 to 500 rows a page and asks the server for the next page', async () => {
    const { api, user } = setUp(['Auditor']);
    await screen.findByText('Ann Lee');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queryOf(listCalls(api).at(-1))).toEqual({ pageNumber: '2', pageSize: '100' }));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['100', '200', '300', '400', '500']);
    await user.click(screen.getByRole('option', { name: '300' }));
    await waitFor(() => expect(queryOf(listCalls(api).at(-1))).toEqual({ pageNumber: '1', pageSize: '300' }));
  });

  it('searches 300 ms after the last keystroke and filters by action', async () => {
    const { api, user } = setUp(['Admin']);
    await screen.findByText('Ann Lee');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter movements' }), { target: { value: 'ann' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(listCalls(api)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    await waitFor(() =>
      expect(queryOf(listCalls(api).at(-1))).toEqual({ pageNumber: '1', pageSize: '100', search: 'ann' }),
    );
    vi.useRealTimers();

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const actions = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(actions).toEqual(['All actions', 'Issue', 'Allocate', 'Revoke', 'Reserve', 'Consume', 'Release']);
    await user.click(screen.getByRole('option', { name: 'Revoke' }));
    await waitFor(() =>
      expect(queryOf(listCalls(api).at(-1))).toEqual({
        pageNumber: '1',
        pageSize: '100',
        search: 'ann',
        action: 'Revoke',
      }),
    );
  });
});
