import type { ForecastLine, ForecastOptions, ForecastResult } from '@portal/contracts/forecast';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { json, mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { headerTexts } from '@/test/table';

const OPTIONS: ForecastOptions = {
  pools: [
    { id: 'pool-sales', name: 'Sales Team', poolType: 'Pool', drawsFrom: true },
    { id: 'pool-own', name: 'Dana Reyes (Individual)', poolType: 'Default', drawsFrom: false },
  ],
  products: [
    { code: 'ARC', name: 'Archive Migration' },
    { code: 'MBX', name: 'Mailbox Migration' },
  ],
};

const line = (overrides: Partial<ForecastLine> = {}): ForecastLine => ({
  productCode: 'MBX',
  productName: 'Mailbox Migration',
  mailboxes: 40,
  available: 40,
  inTransit: 2,
  expiring: 5,
  notStarted: 0,
  usable: 35,
  covered: false,
  shortBy: 5,
  expiringLots: [
    {
      licenseId: 'lot-1',
      edition: 'Standard',
      usageType: 'NodeLocked',
      orderId: 'DEMO-1003',
      expiryDate: '2026-12-01T09:00:00.000Z',
      units: 5,
    },
  ],
  ...overrides,
});

const RESULT: ForecastResult = {
  pool: { id: 'pool-sales', name: 'Sales Team', poolType: 'Pool' },
  plannedDate: '2099-12-24',
  asOf: '2026-11-21T09:00:00.000Z',
  mailboxes: 43,
  csvMailboxes: 0,
  covered: false,
  lines: [
    line(),
    line({
      productCode: 'ARC',
      productName: 'Archive Migration',
      mailboxes: 3,
      available: 10,
      inTransit: 0,
      expiring: 0,
      usable: 10,
      covered: true,
      shortBy: 0,
      expiringLots: [],
    }),
  ],
};

function setUp(roles: Parameters<typeof userWith>[0], forecast: Parameters<typeof mockApi>[0][string] = ok(RESULT)) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(roles)),
    'GET /api/Forecast/options': ok(OPTIONS),
    'POST /api/Forecast': forecast,
  });
  renderApp('/license-forecast');
  return { api, user: userEvent.setup() };
}

describe('License Forecast screen (/license-forecast)', () => {
  it('asks for mailboxes per product in a pool and shows Covered or Short by N per product', async () => {
    const { api, user } = setUp(['User']);
    expect(await screen.findByRole('heading', { name: 'License Forecast', level: 1 })).toBeInTheDocument();
    const pool = await screen.findByRole('combobox', { name: 'Pool' });
    expect(
      within(pool)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sales Team (current)', 'Dana Reyes (Individual)']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product 1' }), 'MBX');
    await user.type(screen.getByRole('spinbutton', { name: 'Mailboxes of product 1' }), '40');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product 2' }), 'ARC');
    await user.type(screen.getByRole('spinbutton', { name: 'Mailboxes of product 2' }), '3');
    await user.type(screen.getByLabelText('Planned date (optional)'), '2099-12-24');
    // The picker shows the browser's format; beside it the day reads as in the tables.
    expect(screen.getByTestId('picked-date')).toHaveTextContent('24/12/2099');
    await user.click(screen.getByRole('button', { name: 'Run forecast' }));

    const heading = await screen.findByRole('heading', { name: 'Forecast for Sales Team on 24/12/2099', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await api.bodiesOf('POST /api/Forecast')).toEqual([
      {
        poolId: 'pool-sales',
        plannedDate: '2099-12-24',
        items: [
          { product: 'MBX', mailboxes: 40 },
          { product: 'ARC', mailboxes: 3 },
        ],
        csv: null,
      },
    ]);
    expect(screen.getByText(/^Not covered: short for 1 of 2 products \(Mailbox Migration by 5\)/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Forecast by product' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim());
    expect(headerTexts(table)).toEqual([
      'Product',
      'Result',
      'Mailboxes',
      'Available',
      'In transit (jobs in progress)',
      'Expiring by 24/12/2099',
      'Usable',
    ]);
    expect(rows.map(cells)).toEqual([
      ['Mailbox Migration (MBX)', 'Short by 5', '40', '40', '2', '5', '35'],
      ['Archive Migration (ARC)', 'Covered', '3', '10', '0', '0', '10'],
    ]);
    const lots = screen.getByRole('table', { name: 'Lots that expire on or before 24/12/2099' });
    expect(cells(within(lots).getAllByRole('row')[1]!)).toEqual([
      'Mailbox Migration',
      'Standard',
      'Node-Locked',
      'DEMO-1003',
      '01/12/2026',
      '5',
    ]);
  });

  it('checks the form before sending: something to forecast, whole counts from 1, each product once', async () => {
    const { api, user } = setUp(['Admin']);
    await user.click(await screen.findByRole('button', { name: 'Run forecast' }));
    expect(await screen.findByText('Enter mailboxes for at least one product or upload a CSV file')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Product 1' }), 'MBX');
    await user.type(screen.getByRole('spinbutton', { name: 'Mailboxes of product 1' }), '0');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Product 2' }), 'MBX');
    await user.type(screen.getByRole('spinbutton', { name: 'Mailboxes of product 2' }), '2.5');
    await user.click(screen.getByRole('button', { name: 'Run forecast' }));
    expect(await screen.findByText('Mailboxes must be at least 1')).toBeVisible();
    expect(screen.getByText('Each product can be listed once')).toBeVisible();
    expect(screen.getByText('Mailboxes must be a whole number')).toBeVisible();
    expect(screen.getByRole('spinbutton', { name: 'Mailboxes of product 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/Forecast')).toHaveLength(0);
  });

  it('sends a CSV file and lists its bad rows by number', async () => {
    const { api, user } = setUp(['User'], () =>
      json(400, {
        success: false,
        message: 'The CSV file has 1 row with errors: nothing was counted.',
        errors: [{ field: 'csv', message: 'Row 3: unknown product "XYZ".' }],
      }),
    );
    const file = new File(['mailbox,product\nanna@contoso.com,MBX\nben@contoso.com,XYZ\n'], 'wave1.csv', {
      type: 'text/csv',
    });
    await user.upload(await screen.findByLabelText('CSV file (optional)'), file);
    expect(screen.getByText('Selected: wave1.csv')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Run forecast' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The CSV file was not used:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The CSV file has 1 row with errors: nothing was counted.', 'Row 3: unknown product "XYZ".']);
    expect(await api.bodiesOf('POST /api/Forecast')).toEqual([
      {
        poolId: 'pool-sales',
        plannedDate: null,
        items: [],
        csv: 'mailbox,product\nanna@contoso.com,MBX\nben@contoso.com,XYZ\n',
      },
    ]);
  });

  it('sends an Auditor, who runs no migrations, back to the start', async () => {
    signIn();
    mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])) });
    const { router } = renderApp('/license-forecast');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/license-forecast'));
    expect(screen.queryByRole('heading', { name: 'License Forecast' })).not.toBeInTheDocument();
  });
});
