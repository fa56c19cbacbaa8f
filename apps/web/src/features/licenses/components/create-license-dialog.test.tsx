import { createLicenseSchema, LICENSE_MSG } from '@portal/contracts/licenses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { failure } from '@/test/auth';
import { pagedReply } from '@/test/accounts';
import { availableGroup, createdLicenseReply, license, product } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

type Reply = Parameters<typeof mockApi>[0][string];

function setUp(createReply: Reply = createdLicenseReply()) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/License': pagedReply([license()]),
    'GET /api/License/products': ok([
      product(),
      product({ code: 'PST', name: 'PST Importer', editions: ['Standard'] }),
    ]),
    'GET /api/LicenseAllocation/available-summary': ok([
      availableGroup(),
      availableGroup({ groupKey: 'other', edition: 'Standard', availableCount: 3 }),
      availableGroup({
        groupKey: 'MBX|Enterprise|Fixed|30|NodeLocked',
        durationType: 'Fixed',
        usageType: 'NodeLocked',
        duration: 30,
        availableCount: 4,
        groupingFactors: { ProductCode: 'MBX', Duration: 30, Edition: 'Enterprise' },
      }),
    ]),
    'POST /api/License': createReply,
  });
  const view = renderApp('/licenses');
  return { api, user: userEvent.setup(), ...view };
}

type User = ReturnType<typeof userEvent.setup>;

async function openDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: '+ Create License' }));
  return screen.findByRole('dialog', { name: 'Create License' });
}

async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills a valid perpetual license for MBX Enterprise. */
async function fillPerpetual(user: User, dialog: HTMLElement) {
  await waitFor(() => expect(within(dialog).getByLabelText('Product')).toHaveTextContent('Select a product'));
  await choose(user, dialog, 'Product', 'Mailbox Migrator (MBX)');
  await choose(user, dialog, 'Edition', 'Enterprise');
  await user.type(within(dialog).getByLabelText('Customer Email'), 'it@fabrikam.example');
  await user.type(within(dialog).getByLabelText('Customer Name'), 'Fabrikam');
  await user.clear(within(dialog).getByLabelText('Start Date'));
  await user.type(within(dialog).getByLabelText('Start Date'), '2026-03-01');
  await user.type(within(dialog).getByLabelText('Total Count'), '10');
}

const submit = (user: User, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Create' }));

describe('Create License dialog', () => {
  it('checks the form with the contract: each message under its field, nothing sent', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await submit(user, dialog);

    expect(await within(dialog).findByText('Product code is required')).toBeInTheDocument();
    expect(within(dialog).getByText(LICENSE_MSG.editionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your email')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText(LICENSE_MSG.startDateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LICENSE_MSG.totalCountMin)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Customer Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Customer Email'), 'not-an-email');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(api.calls('POST /api/License')).toHaveLength(0);
  });

  it('refuses dates before 1900 and a fixed license without an end', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    expect(within(dialog).getByLabelText('Start Date')).toHaveAttribute('min', '1900-01-01');
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.type(within(dialog).getByLabelText('Start Date'), '1899-12-31');
    await choose(user, dialog, 'Duration Type', 'Fixed');
    // The usage type follows the duration type.
    expect(within(dialog).getByLabelText('Usage Type')).toHaveTextContent('NodeLocked');
    await submit(user, dialog);
    expect(await within(dialog).findByText(LICENSE_MSG.dateTooEarly)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.type(within(dialog).getByLabelText('Start Date'), '2026-03-01');
    await submit(user, dialog);
    expect(await within(dialog).findByText(LICENSE_MSG.fixedNeedsEnd)).toBeInTheDocument();

    // A usage type that does not fit the duration type is refused with the contract's message.
    await choose(user, dialog, 'Usage Type', 'NodeLockedForever');
    await user.type(within(dialog).getByLabelText('Duration (days)'), '30');
    await submit(user, dialog);
    expect(await within(dialog).findByText(LICENSE_MSG.usageNeedsPerpetual)).toBeInTheDocument();
    expect(api.calls('POST /api/License')).toHaveLength(0);
  });

  it('creates a perpetual license: the body fits the contract, the dialog closes, lists reload', async () => {
    const { api, user, queryClient } = setUp();
    const dialog = await openDialog(user);
    // An Admin is told where the units come from, and how many it has.
    expect(within(dialog).getByText(/your own available stock/)).toBeInTheDocument();
    await fillPerpetual(user, dialog);
    expect(within(dialog).getByText('Available to you: 7')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Usage Type')).toHaveTextContent('NodeLockedForever');
    queryClient.setQueryData(['child-accounts', 'probe'], 1);
    queryClient.setQueryData(['accounts', 'probe'], 1);
    await submit(user, dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [body] = await api.bodiesOf('POST /api/License');
    expect(body).toEqual({
      productCode: 'MBX',
      licenseTypeName: 'Enterprise',
      durationType: 'Perpetual',
      usageType: 'NodeLockedForever',
      customerEmail: 'it@fabrikam.example',
      customerName: 'Fabrikam',
      startDate: '2026-03-01T00:00:00.000Z',
      totalCount: 10,
    });
    expect(createLicenseSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('License created successfully')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/License')).toHaveLength(2));
    expect(queryClient.getQueryState(['child-accounts', 'probe'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['accounts', 'probe'])?.isInvalidated).toBe(true);
  });

  it('sends a fixed license with its expiry, duration, floating limit and order id', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    await choose(user, dialog, 'Duration Type', 'Fixed');
    await user.type(within(dialog).getByLabelText('Expiry Date'), '2026-03-31');
    await user.type(within(dialog).getByLabelText('Duration (days)'), '3');
    expect(within(dialog).getByText('Available to you: 0')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Duration (days)'), '0');
    // The Admin's stock that fits: MBX Enterprise, Fixed, 30 days, NodeLocked.
    expect(within(dialog).getByText('Available to you: 4')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Floating Time Limit'), '0');
    await user.type(within(dialog).getByLabelText('Order ID'), 'PO-77');
    const button = within(dialog).getByRole('button', { name: 'Create' });
    await user.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [body] = await api.bodiesOf('POST /api/License');
    expect(body).toEqual({
      productCode: 'MBX',
      licenseTypeName: 'Enterprise',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      customerEmail: 'it@fabrikam.example',
      customerName: 'Fabrikam',
      startDate: '2026-03-01T00:00:00.000Z',
      expiryDate: '2026-03-31T00:00:00.000Z',
      duration: 30,
      totalCount: 10,
      floatingTimeLimit: 0,
      orderId: 'PO-77',
    });
    expect(createLicenseSchema.safeParse(body).success).toBe(true);
  });

  it('reads Creating... while the server works', async () => {
    let answer: (response: Response) => void = () => {};
    const { user } = setUp(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    await submit(user, dialog);
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    answer(
      new Response(JSON.stringify(createdLicenseReply().body), { headers: { 'Content-Type': 'application/json' } }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('puts server field errors on their fields, without a toast', async () => {
    const errors = [{ field: 'body.customerEmail', message: 'This customer cannot receive licenses from you.' }];
    const { user } = setUp(failure(400, 'Invalid input.', errors));
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    await submit(user, dialog);
    expect(await within(dialog).findByText('This customer cannot receive licenses from you.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Customer Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid input.')).not.toBeInTheDocument();
  });

  it('shows a refusal (409) once, in the dialog, which stays open', async () => {
    const { user } = setUp(failure(409, 'Not enough available licenses in your stock.'));
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not enough available licenses in your stock.');
    expect(screen.getAllByText('Not enough available licenses in your stock.')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Create License' })).toBeInTheDocument();
  });
});
