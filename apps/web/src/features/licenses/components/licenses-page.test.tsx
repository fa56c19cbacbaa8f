import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/test/app-dom';
import { pagedReply, queryOf } from '@/test/accounts';
import { license } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { cellTexts, headerTexts } from '@/test/table';

function setUp(roles: Parameters<typeof userWith>[0], path = '/licenses', extra: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/License': pagedReply([license()], 35),
    ...extra,
  });
  const view = renderApp(path);
  return { api, user: userEvent.setup(), ...view };
}

const listCalls = (api: ReturnType<typeof mockApi>) => api.calls('GET /api/License');

afterEach(() => {
  vi.useRealTimers();
});

describe('Licenses screen (/licenses)', () => {
  it('lists the lots, 10 per page by default, with every column of a license', async () => {
    const { api } = setUp(['Admin']);
    expect(await screen.findByRole('heading', { name: 'Licenses', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Licenses' });
    const row = (await within(table).findByText('Contoso Ltd')).closest('tr')!;
    expect(headerTexts(table)).toEqual([
      'Product',
      'Status',
      'Customer',
      'Issued By',
      'Usage',
      'Duration',
      'Start',
      'Expiry',
      'Total',
      'Order ID',
      'Created At',
    ]);
    expect(cellTexts(row)).toEqual([
      'Mailbox MigratorMBX · Enterprise',
      'Active',
      'Contoso Ltdit@contoso.example',
      'Fabrikam Resellerresale@fabrikam.example',
      'Node-Locked',
      'Fixed · 365 days',
      '10/01/2026',
      '10/01/2027',
      '25',
      'PO-1001',
      '10/01/2026',
    ]);
    expect(queryOf(listCalls(api)[0])).toEqual({ pageNumber: '1', pageSize: '10' });
  });

  it('shows Pay-Per-Use and dashes for a perpetual lot without an order, issued by the provider', async () => {
    setUp(['Auditor'], '/licenses', {
      'GET /api/License': pagedReply([
        license({
          durationType: 'Perpetual',
          usageType: 'Transactional',
          expiryDate: null,
          duration: null,
          orderId: null,
          status: 'Exhausted',
          issuedBy: null,
        }),
      ]),
    });
    const row = (await screen.findByText('Contoso Ltd')).closest('tr')!;
    const cells = cellTexts(row);
    expect(cells.slice(1)).toEqual([
      'Exhausted',
      'Contoso Ltdit@contoso.example',
      '-',
      'Pay-Per-Use',
      'Perpetual',
      '10/01/2026',
      '-',
      '25',
      '-',
      '10/01/2026',
    ]);
  });

  it('says No results. when there are no lots', async () => {
    setUp(['Admin'], '/licenses', { 'GET /api/License': pagedReply([]) });
    expect(await screen.findByText('No results.')).toBeInTheDocument();
  });

  it('pages on the server: the next page and another page size are new requests', async () => {
    const { api, user } = setUp(['Admin']);
    await screen.findByText('Contoso Ltd');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queryOf(listCalls(api).at(-1))).toEqual({ pageNumber: '2', pageSize: '10' }));

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['10', '20', '30', '40', '50']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(queryOf(listCalls(api).at(-1))).toEqual({ pageNumber: '1', pageSize: '50' }));
  });

  it('searches on the server 300 ms after the last keystroke', async () => {
    const { api } = setUp(['Admin']);
    await screen.findByText('Contoso Ltd');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByRole('searchbox', { name: 'Filter licenses' });
    fireEvent.change(box, { target: { value: 'cont' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    fireEvent.change(box, { target: { value: 'contoso' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(listCalls(api)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    expect(queryOf(listCalls(api)[1])).toEqual({ pageNumber: '1', pageSize: '10', search: 'contoso' });
  });

  it('filters by status on the server, back on the first page', async () => {
    const { api, user } = setUp(['Auditor'], '/licenses?page=2');
    await screen.findByText('Contoso Ltd');
    expect(queryOf(listCalls(api)[0])).toEqual({ pageNumber: '2', pageSize: '10' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['All statuses', 'Active', 'Expired', 'Exhausted']);
    await user.click(screen.getByRole('option', { name: 'Expired' }));
    await waitFor(() =>
      expect(queryOf(listCalls(api).at(-1))).toEqual({ pageNumber: '1', pageSize: '10', status: 'Expired' }),
    );
  });

  it('offers + Create License to an Admin but not to an Auditor', async () => {
    setUp(['Auditor']);
    await screen.findByText('Contoso Ltd');
    expect(screen.queryByRole('button', { name: '+ Create License' })).not.toBeInTheDocument();
  });

  it('sends a User elsewhere: the page is for Admin and Auditor', async () => {
    const { router } = setUp(['User'], '/licenses', {
      'GET /api/LicensePool/user-allocation-hierarchy': { status: 404 },
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/licenses'));
  });
});
