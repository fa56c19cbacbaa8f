import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { failure } from '@/test/auth';
import { childAccount, pagedReply, pool, queryOf } from '@/test/accounts';
import { json, mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { ARCHIVE, PAY_PER_USE, allocationResult, availableItem, availableSummaryReply } from '@/test/stock';
import { signIn, userWith } from '@/test/users';

const ANN = childAccount();
const ANN_TARGET = { id: ANN.id, name: ANN.name, isUser: true };
const AVAILABLE = [
  availableItem(),
  availableItem({ ...ARCHIVE, availableCount: 2 }),
  // Nothing left of it: never offered.
  availableItem({ ...PAY_PER_USE, availableCount: 0 }),
];
const ALLOCATED_MESSAGE = 'Licenses allocated successfully';
const allocatedBody = { success: true, data: allocationResult(ANN_TARGET, 3), message: ALLOCATED_MESSAGE };
const allocated = { body: allocatedBody };

function setUp(extra: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/User/child-accounts': pagedReply([ANN]),
    'GET /api/LicenseAllocation/available-summary': availableSummaryReply(AVAILABLE),
    'POST /api/LicenseAllocation/allocate': allocated,
    ...extra,
  });
  renderApp('/child-accounts');
  return { api, user: userEvent.setup() };
}

async function openAllocate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${ANN.name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Allocate Licenses' }));
  return screen.findByRole('dialog', { name: 'Allocate Licenses' });
}

async function openPicker(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Add product' }));
  return screen.findByRole('combobox', { name: 'Search products' });
}

const quantityOf = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(`Quantity of ${name}`);

describe('Allocate Licenses dialog', () => {
  it('is in the Users row menu with Edit User and Revoke Licenses', async () => {
    const { user } = setUp();
    await user.click(await screen.findByRole('button', { name: `Actions for ${ANN.name}` }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit User', 'Allocate Licenses', 'Revoke Licenses']);
  });

  it('starts with nothing picked and the button disabled', async () => {
    const { user } = setUp();
    const dialog = await openAllocate(user);
    expect(within(dialog).getByText('No products selected for allocation.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign Licenses' })).toBeDisabled();
  });

  it('offers only groups with units available, each once, and searches them', async () => {
    const { user } = setUp();
    const dialog = await openAllocate(user);
    await openPicker(user, dialog);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.querySelector('span')?.textContent)).toEqual([
      'Mailbox Migration',
      'Archive Migration',
    ]);
    expect(options[0]).toHaveTextContent('Standard · 365 days · Node-Locked · 5 available');
    expect(options[1]).toHaveTextContent('Pro · Perpetual · Node-Locked Forever · 2 available');

    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'zzz');
    expect(screen.getByText('No product found.')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await user.clear(screen.getByRole('combobox', { name: 'Search products' }));
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'arc');
    await user.click(screen.getByRole('option', { name: /Archive Migration/ }));

    // Picked: a row with quantity 1, and gone from the list.
    expect(quantityOf(dialog, 'Archive Migration')).toHaveValue(1);
    await openPicker(user, dialog);
    expect((await screen.findAllByRole('option')).map((o) => o.querySelector('span')?.textContent)).toEqual([
      'Mailbox Migration',
    ]);
    // Keyboard: Enter picks the highlighted option, and the new row's quantity takes the focus.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(quantityOf(dialog, 'Mailbox Migration')).toHaveValue(1);
    await waitFor(() => expect(quantityOf(dialog, 'Mailbox Migration')).toHaveFocus());
    await openPicker(user, dialog);
    expect(screen.getByText('No available licenses found.')).toBeInTheDocument();
  });

  it('says so when nothing is available', async () => {
    const { user } = setUp({
      'GET /api/LicenseAllocation/available-summary': availableSummaryReply([availableItem({ availableCount: 0 })]),
    });
    const dialog = await openAllocate(user);
    await openPicker(user, dialog);
    expect(await screen.findByText('No available licenses found.')).toBeInTheDocument();
  });

  it('keeps each quantity between 1 and what is available', async () => {
    const { api, user } = setUp();
    const dialog = await openAllocate(user);
    await openPicker(user, dialog);
    await user.click(await screen.findByRole('option', { name: /Archive Migration/ }));
    const quantity = quantityOf(dialog, 'Archive Migration');
    expect(quantity).toHaveAttribute('max', '2');

    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(await within(dialog).findByText('Count must be at least 1')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');

    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(await within(dialog).findByText('Count must be at most 2 (available)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Assign Licenses' }));
    expect(api.calls('POST /api/LicenseAllocation/allocate')).toHaveLength(0);

    // A row can be removed again.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Archive Migration' }));
    expect(within(dialog).getByText('No products selected for allocation.')).toBeInTheDocument();
  });

  it('sends the picked groups, closes, announces the server message and refreshes the lists', async () => {
    let release: () => void = () => {};
    const { api, user } = setUp({
      'POST /api/LicenseAllocation/allocate': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, allocatedBody));
        }),
    });
    const dialog = await openAllocate(user);
    expect(within(dialog).getByText(`Hand licenses from your available stock on to ${ANN.name}.`)).toBeInTheDocument();
    await openPicker(user, dialog);
    await user.click(await screen.findByRole('option', { name: /Mailbox Migration/ }));
    const quantity = quantityOf(dialog, 'Mailbox Migration');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Licenses' }));

    expect(await within(dialog).findByRole('button', { name: 'Assigning...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(ALLOCATED_MESSAGE)).toBeInTheDocument();

    const [call] = api.calls('POST /api/LicenseAllocation/allocate');
    expect(queryOf(call)).toEqual({ allowPartialRevocation: 'true' });
    expect(await api.bodiesOf('POST /api/LicenseAllocation/allocate')).toEqual([
      {
        targetId: ANN.id,
        isUser: true,
        productAllocations: [{ groupKey: 'MBX|Standard|Fixed|365|NodeLocked', productCode: 'MBX', quantity: 3 }],
      },
    ]);
    // The Users list (under its query root) and the stock are asked again.
    await waitFor(() => expect(api.calls('GET /api/User/child-accounts')).toHaveLength(2));
  });

  it('shows a refusal (409) once, in the dialog, and stays open', async () => {
    const message = 'Only 5 of Mailbox Migration (Standard) are available.';
    const { user } = setUp({ 'POST /api/LicenseAllocation/allocate': failure(409, message) });
    const dialog = await openAllocate(user);
    await openPicker(user, dialog);
    await user.click(await screen.findByRole('option', { name: /Mailbox Migration/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Licenses' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Allocate Licenses' })).toBeInTheDocument();
  });

  it('opens right after Create User, for the new user', async () => {
    const created = { id: '33333333-3333-4333-8333-333333333333', name: 'Cy Park' };
    const { api, user } = setUp({
      'GET /api/LicensePool': pagedReply([pool()]),
      'POST /api/User/create-child-account': ok(created, { message: 'Child account created successfully' }),
    });
    await user.click(await screen.findByRole('button', { name: '+ Create User' }));
    const form = await screen.findByRole('dialog', { name: 'Create User' });
    await user.type(within(form).getByLabelText('Name'), 'Cy Park');
    await user.type(within(form).getByLabelText('Email'), 'cy@contoso.example');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const dialog = await screen.findByRole('dialog', { name: 'Allocate Licenses' });
    expect(screen.queryByRole('dialog', { name: 'Create User' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Hand licenses from your available stock on to Cy Park.')).toBeInTheDocument();
    expect(await screen.findByText('Child account created successfully')).toBeInTheDocument();

    await openPicker(user, dialog);
    await user.click(await screen.findByRole('option', { name: /Mailbox Migration/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign Licenses' }));
    await waitFor(() => expect(api.calls('POST /api/LicenseAllocation/allocate')).toHaveLength(1));
    expect(await api.bodiesOf('POST /api/LicenseAllocation/allocate')).toEqual([
      {
        targetId: created.id,
        isUser: true,
        productAllocations: [{ groupKey: 'MBX|Standard|Fixed|365|NodeLocked', productCode: 'MBX', quantity: 1 }],
      },
    ]);
  });

  it('is not offered to an Auditor', async () => {
    signIn();
    mockApi({
      'GET /api/User/me': ok(userWith(['Auditor'])),
      'GET /api/User/child-accounts': pagedReply([ANN]),
    });
    renderApp('/child-accounts');
    expect(await screen.findByText(ANN.name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Actions for ${ANN.name}` })).not.toBeInTheDocument();
  });
});
