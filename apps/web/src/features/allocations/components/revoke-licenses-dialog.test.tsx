import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { POOL_ID, childAccount, pagedReply, pool, queryOf } from '@/test/accounts';
import { json, mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  ARCHIVE,
  allocationResult,
  childSummaryReply,
  groupedLicense,
  poolSummaryReply,
  POOL_ROW_MENU,
} from '@/test/stock';
import { signIn, userWith } from '@/test/users';

const SALES = pool();
const HELD = [
  groupedLicense({ availableCount: 4 }),
  groupedLicense({ ...ARCHIVE, productName: ARCHIVE.name, availableCount: 2 }),
  // Used up: nothing to take back.
  groupedLicense({ groupKey: 'T2T|Standard|Fixed|30|NodeLocked', productName: 'Tenant to Tenant', availableCount: 0 }),
];

function setUp(extra: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/LicensePool': pagedReply([SALES]),
    'GET /api/LicenseAllocation/pool-summary': poolSummaryReply(SALES, HELD),
    'POST /api/LicenseAllocation/revoke': ok(allocationResult({ ...SALES, isUser: false }, 2), {
      message: 'Licenses revoked successfully',
    }),
    ...extra,
  });
  renderApp('/license-pools');
  return { api, user: userEvent.setup() };
}

async function openRevoke(user: ReturnType<typeof userEvent.setup>, name = SALES.name) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Revoke Licenses' }));
  return screen.findByRole('dialog', { name: 'Revoke Licenses' });
}

async function pick(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: RegExp) {
  await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
  await user.click(await screen.findByRole('option', { name }));
}

async function setQuantity(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  await user.type(input, value);
}

describe('Revoke Licenses dialog', () => {
  it('is in the pool row menu beside View Pool Users and Edit Pool', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: `Actions for ${SALES.name}` }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(POOL_ROW_MENU);
  });

  it("offers what the pool holds unused, capped at that, and asks the pool's summary", async () => {
    const { api, user } = setUp();
    const dialog = await openRevoke(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.querySelector('span')?.textContent)).toEqual([
      'Mailbox Migration',
      'Archive Migration',
    ]);
    expect(queryOf(api.calls('GET /api/LicenseAllocation/pool-summary')[0])).toEqual({ poolId: POOL_ID });
    await user.click(options[1]!);

    const quantity = within(dialog).getByLabelText('Quantity of Archive Migration');
    await setQuantity(user, quantity, '5');
    expect(await within(dialog).findByText('Count must be at most 2 (available)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Licenses' }));
    expect(api.calls('POST /api/LicenseAllocation/revoke')).toHaveLength(0);
  });

  it('allows 0 but sends nothing while every row is at 0', async () => {
    const { api, user } = setUp();
    const dialog = await openRevoke(user);
    await pick(user, dialog, /Mailbox Migration/);
    await setQuantity(user, within(dialog).getByLabelText('Quantity of Mailbox Migration'), '0');
    expect(within(dialog).queryByText('Count must be at least 1')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Revoke Licenses' })).toBeDisabled();
    expect(api.calls('POST /api/LicenseAllocation/revoke')).toHaveLength(0);
  });

  it('drops the rows at 0, sends the rest, shows Revoking... and closes', async () => {
    let release: () => void = () => {};
    const { api, user } = setUp({
      'POST /api/LicenseAllocation/revoke': () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              json(200, {
                success: true,
                data: allocationResult({ ...SALES, isUser: false }, 2),
                message: 'Licenses revoked successfully',
              }),
            );
        }),
    });
    const dialog = await openRevoke(user);
    await pick(user, dialog, /Mailbox Migration/);
    await pick(user, dialog, /Archive Migration/);
    await setQuantity(user, within(dialog).getByLabelText('Quantity of Mailbox Migration'), '0');
    await setQuantity(user, within(dialog).getByLabelText('Quantity of Archive Migration'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Licenses' }));

    expect(await within(dialog).findByRole('button', { name: 'Revoking...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Licenses revoked successfully')).toBeInTheDocument();
    expect(queryOf(api.calls('POST /api/LicenseAllocation/revoke')[0])).toEqual({ allowPartialRevocation: 'true' });
    expect(await api.bodiesOf('POST /api/LicenseAllocation/revoke')).toEqual([
      {
        targetId: POOL_ID,
        isUser: false,
        productAllocations: [{ groupKey: ARCHIVE.groupKey, productCode: 'ARC', quantity: 2 }],
      },
    ]);
    // The pools (their grouped licenses) are asked again.
    await waitFor(() => expect(api.calls('GET /api/LicensePool')).toHaveLength(2));
  });

  it('takes back from a user what its own pool holds', async () => {
    const ann = childAccount();
    signIn();
    const api = mockApi({
      'GET /api/User/me': ok(userWith(['Admin'])),
      'GET /api/User/child-accounts': pagedReply([ann]),
      [`GET /api/LicenseAllocation/user-summary/${ann.id}`]: childSummaryReply(ann, [groupedLicense()]),
      'POST /api/LicenseAllocation/revoke': ok(allocationResult({ ...ann, isUser: true }, 1)),
    });
    renderApp('/child-accounts');
    const user = userEvent.setup();
    const dialog = await openRevoke(user, ann.name);
    await pick(user, dialog, /Mailbox Migration/);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Licenses' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await api.bodiesOf('POST /api/LicenseAllocation/revoke')).toEqual([
      {
        targetId: ann.id,
        isUser: true,
        productAllocations: [{ groupKey: 'MBX|Standard|Fixed|365|NodeLocked', productCode: 'MBX', quantity: 1 }],
      },
    ]);
  });
});

describe('Revoke Licenses dialog: what its empty list says', () => {
  it('asks for a product to revoke, not an allocation', async () => {
    const { user } = setUp();
    const dialog = await openRevoke(user);
    expect(await within(dialog).findByText('No products selected to revoke.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/allocation/)).not.toBeInTheDocument();
  });

  it('says there is nothing to revoke when the pool holds no unused licenses', async () => {
    const { user } = setUp({ 'GET /api/LicenseAllocation/pool-summary': poolSummaryReply(SALES, [HELD[2]!]) });
    const dialog = await openRevoke(user);
    expect(await within(dialog).findByText('Nothing to revoke: no unused licenses are held here.')).toBeInTheDocument();
  });
});
