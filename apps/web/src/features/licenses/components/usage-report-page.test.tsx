import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { pagedReply } from '@/test/accounts';
import { product, usageRow } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { cellTexts, headerTexts } from '@/test/table';

function setUp(roles: Parameters<typeof userWith>[0], rows = [usageRow()], path = '/license-usage-report') {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/License/products': ok([
      product(),
      product({ code: 'PST', name: 'PST Importer', editions: ['Standard'] }),
    ]),
    'GET /api/LicenseUsageReport': pagedReply(rows, 60),
  });
  const view = renderApp(path);
  return { api, user: userEvent.setup(), ...view };
}

const reportCalls = (api: ReturnType<typeof mockApi>) => api.calls('GET /api/LicenseUsageReport');
/** The query string as (key, value) pairs: `filters` may repeat. */
const pairsOf = (request: Request | undefined) => [...new URL(request!.url).searchParams.entries()];

describe('License Usage Report (/license-usage-report)', () => {
  it('lists units held by account and product, 25 per page', async () => {
    const { api } = setUp(['SuperAdmin']);
    expect(await screen.findByRole('heading', { name: 'License Usage Report', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'License Usage Report' });
    const row = (await within(table).findByText('Contoso Ltd')).closest('tr')!;
    expect(headerTexts(table)).toEqual(['Account', 'Product', 'Total', 'Consumed', 'Available', 'In Transit']);
    expect(cellTexts(row)).toEqual(['Contoso Ltdit@contoso.example', 'Mailbox MigratorMBX', '40', '12', '25', '3']);
    expect(pairsOf(reportCalls(api)[0])).toEqual([
      ['pageNumber', '1'],
      ['pageSize', '25'],
    ]);
  });

  it('says No results. for an empty report', async () => {
    setUp(['SuperAdmin'], []);
    expect(await screen.findByText('No results.')).toBeInTheDocument();
  });

  it('sends SearchTerm after typing, a product filter, and 25 to 125 page sizes', async () => {
    const { api, user } = setUp(['SuperAdmin']);
    await screen.findByText('Contoso Ltd');
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts or products' }), 'contoso');
    // One request for the whole word: the box waits for typing to pause.
    await waitFor(() =>
      expect(pairsOf(reportCalls(api).at(-1))).toEqual([
        ['pageNumber', '1'],
        ['pageSize', '25'],
        ['SearchTerm', 'contoso'],
      ]),
    );
    expect(reportCalls(api)).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['All products', 'Mailbox Migrator (MBX)', 'PST Importer (PST)']);
    await user.click(screen.getByRole('option', { name: 'PST Importer (PST)' }));
    await waitFor(() =>
      expect(pairsOf(reportCalls(api).at(-1))).toEqual([
        ['pageNumber', '1'],
        ['pageSize', '25'],
        ['SearchTerm', 'contoso'],
        ['filters', 'productCode:PST'],
      ]),
    );

    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const sizes = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(sizes).toEqual(['25', '50', '75', '100', '125']);
    await user.click(screen.getByRole('option', { name: '125' }));
    await waitFor(() => expect(pairsOf(reportCalls(api).at(-1))).toContainEqual(['pageSize', '125']));
  });

  it('is for a SuperAdmin only: an Admin is sent away', async () => {
    const { router } = setUp(['Admin']);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/license-usage-report'));
  });
});
