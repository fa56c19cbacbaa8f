import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { ARCHIVE, allocationRow, expiredLot, consumption, hierarchy, poolAllocations } from '@/test/stock';
import { signIn, userWith } from '@/test/users';
import { headerTexts } from '@/test/table';
import { stockByProduct } from './dashboard-charts';

const HIERARCHY = 'GET /api/LicensePool/user-allocation-hierarchy';
const CONSUMPTION = 'GET /api/LicenseMovement/consumption';

function setUp() {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    [HIERARCHY]: ok(
      hierarchy({
        // Two MBX groups and one ARC group of the caller's own, and the pool it draws from.
        defaultPool: poolAllocations({
          productAllocations: [
            allocationRow({ availableCount: 10, inTransitCount: 1, consumedCount: 3, allocatedQuantity: 4 }),
            allocationRow({
              groupKey: 'MBX|Standard|Perpetual|-|NodeLockedForever',
              availableCount: 5,
              consumedCount: 0,
              inTransitCount: 0,
            }),
            allocationRow({
              ...ARCHIVE,
              productName: ARCHIVE.name,
              availableCount: 2,
              consumedCount: 1,
              inTransitCount: 0,
            }),
          ],
        }),
        // What the caller allocated to its users is in its Allocated already: not added again.
        childUsers: [
          {
            userId: '99999999-9999-4999-8999-999999999999',
            userName: 'Uma User',
            userEmail: 'uma@example.com',
            defaultPool: poolAllocations({ productAllocations: [allocationRow({ availableCount: 4 })] }),
            assignedPool: null,
          },
        ],
      }),
    ),
    [CONSUMPTION]: (request) => {
      const days = Number(new URL(request.url).searchParams.get('days'));
      return Response.json({ success: true, data: consumption(days === 90 ? 90 : 30) });
    },
  });
  renderApp('/dashboard');
  return { api, user: userEvent.setup() };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('stock by product', () => {
  it('counts what the table counts: an expired lot adds up to its Total, as Expired', () => {
    const expired = expiredLot();
    const data = stockByProduct(hierarchy({ defaultPool: poolAllocations({ productAllocations: [expired] }) }));
    const bar = data.series.reduce((sum, series) => sum + (series.values[0] ?? 0), 0);
    expect(bar).toBe(expired.totalQuantity);
    expect(data.series.find((series) => series.key === 'expired')?.values).toEqual([25]);
  });
});

describe('the dashboard charts', () => {
  it('shows stock by product from the caller’s own pools, with its numbers as a table for screen readers', async () => {
    setUp();
    const figure = await screen.findByRole('figure', { name: 'Stock by product' });
    expect(figure).toHaveAccessibleDescription(
      '2 products: 17 available, 1 in transit, 4 consumed, 4 allocated, 0 expired.',
    );
    const table = within(figure).getByRole('table', { name: 'Stock by product' });
    expect(headerTexts(table)).toEqual(['Product', 'Available', 'In Transit', 'Consumed', 'Allocated', 'Expired']);
    expect(rowsOf(table)).toEqual([
      ['Mailbox Migration', '15', '1', '3', '4', '0'],
      ['Archive Migration', '2', '0', '1', '0', '0'],
    ]);
    // The graphic itself is hidden from screen readers: the table says the same.
    expect(figure.querySelector('[aria-hidden="true"] [data-category="Mailbox Migration"]')).not.toBeNull();
  });

  it('shows consumption per day for 30 days, then 90 at a press of the toggle', async () => {
    const { api, user } = setUp();
    const figure = await screen.findByRole('figure', { name: 'Consumption' });
    await waitFor(() =>
      expect(figure).toHaveAccessibleDescription('5 units consumed in the last 30 days; most on 21/11/2026 (3).'),
    );
    const table = within(figure).getByRole('table', { name: 'Consumption' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(rowsOf(table).at(-1)).toEqual(['21/11/2026', '3', '0']);
    expect(rowsOf(table).at(-2)).toEqual(['20/11/2026', '0', '2']);
    expect(rowsOf(table)[0]).toEqual(['23/10/2026', '0', '0']);
    // Each drawn segment names its day, product and value.
    expect([...figure.querySelectorAll('svg rect title')].map((title) => title.textContent)).toEqual([
      '20/11: Archive Migration 2',
      '21/11: Mailbox Migration 3',
    ]);

    const period = within(figure).getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(period).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(within(figure).getAllByRole('row')).toHaveLength(91));
    expect(within(period).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(figure).toHaveAccessibleDescription('5 units consumed in the last 90 days; most on 21/11/2026 (3).');
    expect(api.calls(CONSUMPTION).map((r) => new URL(r.url).searchParams.get('days'))).toEqual(['30', '90']);
  });

  it('shows a chart as a table to everyone at a press of Show as table, and back', async () => {
    const { user } = setUp();
    const figure = await screen.findByRole('figure', { name: 'Stock by product' });
    const toggle = within(figure).getByRole('button', { name: 'Show as table' });
    expect(toggle).not.toHaveAttribute('aria-pressed');
    await user.click(toggle);
    // The button says what its next press does.
    expect(toggle).toHaveAccessibleName('Show as chart');
    // The table stands in the graphic's place, in a region the keyboard can scroll.
    const region = within(figure).getByRole('region', { name: 'Stock by product, as a table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Stock by product' })).toBeVisible();
    expect(figure.querySelector('[aria-hidden="true"]')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Show as table');
    expect(figure.querySelector('[aria-hidden="true"] [data-category]')).not.toBeNull();
  });
});
