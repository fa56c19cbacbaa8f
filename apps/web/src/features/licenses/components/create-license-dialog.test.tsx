import { createLicenseSchema, LICENSE_MSG } from '@portal/contracts/licenses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { failure } from '@/test/auth';
import { pagedReply } from '@/test/accounts';
import { createdLicenseReply, issuableLot, license, product } from '@/test/license-fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';

type Reply = Parameters<typeof mockApi>[0][string];

/** The SuperAdmin's dialog (on its usage report page): a new lot, any product. */
function setUp(createReply: Reply = createdLicenseReply()) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['SuperAdmin'])),
    'GET /api/LicenseUsageReport': pagedReply([]),
    'GET /api/License/products': ok([
      product(),
      product({ code: 'PST', name: 'PST Importer', editions: ['Standard'] }),
    ]),
    'POST /api/License': createReply,
  });
  const view = renderApp('/license-usage-report');
  return { api, user: userEvent.setup(), ...view };
}

const PERPETUAL_LOT = '5a4f7a36-8c1e-4c43-9b59-0d1c7a0e1f02';

/** An Admin's dialog on /licenses: a new lot drawn from one it holds (decision 029). */
function setUpAdmin(createReply: Reply = createdLicenseReply(), issuableReply?: Reply) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/License': pagedReply([license()]),
    'GET /api/License/products': ok([
      product(),
      product({ code: 'PST', name: 'PST Importer', editions: ['Standard'] }),
    ]),
    'GET /api/License/issuable':
      issuableReply ??
      ok([
        issuableLot(),
        issuableLot({
          licenseId: PERPETUAL_LOT,
          usageType: 'NodeLockedForever',
          durationType: 'Perpetual',
          duration: null,
          available: 420,
          expiryDate: null,
        }),
        // Pay-Per-Use: the dialog offers only the usage types docs/product.md lists.
        issuableLot({
          licenseId: '6a4f7a36-8c1e-4c43-9b59-0d1c7a0e1f03',
          edition: 'Enterprise',
          usageType: 'Transactional',
          durationType: 'Perpetual',
          duration: null,
          expiryDate: null,
        }),
      ]),
    'POST /api/License': createReply,
  });
  const view = renderApp('/licenses');
  return { api, user: userEvent.setup(), ...view };
}

const HELD = 'Mailbox Migrator (Standard) · Node-Locked · 166 available · until 20/11/2027';

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
    expect(within(dialog).getByLabelText('Usage Type')).toHaveTextContent('Node-Locked');
    await submit(user, dialog);
    expect(await within(dialog).findByText(LICENSE_MSG.dateTooEarly)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.type(within(dialog).getByLabelText('Start Date'), '2026-03-01');
    await submit(user, dialog);
    expect(await within(dialog).findByText(LICENSE_MSG.fixedNeedsEnd)).toBeInTheDocument();

    // A usage type that does not fit the duration type is refused with the contract's message.
    await choose(user, dialog, 'Usage Type', 'Node-Locked Forever');
    await user.type(within(dialog).getByLabelText('Duration (days)'), '30');
    await submit(user, dialog);
    expect(await within(dialog).findByText(LICENSE_MSG.usageNeedsPerpetual)).toBeInTheDocument();
    expect(api.calls('POST /api/License')).toHaveLength(0);
  });

  it('creates a perpetual license: the body fits the contract, the dialog closes, lists reload', async () => {
    const { api, user, queryClient } = setUp();
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    expect(within(dialog).getByLabelText('Usage Type')).toHaveTextContent('Node-Locked Forever');
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
    // The new customer is not created silently.
    expect(
      screen.getByText(
        'A customer account for it@fabrikam.example was created: it is mailed a link to confirm its address, then its sign-in details.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/LicenseUsageReport')).toHaveLength(2));
    expect(queryClient.getQueryState(['child-accounts', 'probe'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['accounts', 'probe'])?.isInvalidated).toBe(true);
  });

  it('sends a fixed license with its expiry, duration, floating limit and order id', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    await fillPerpetual(user, dialog);
    await choose(user, dialog, 'Duration Type', 'Fixed');
    await user.type(within(dialog).getByLabelText('Expiry Date'), '2026-03-31');
    await user.type(within(dialog).getByLabelText('Duration (days)'), '30');
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

  it('an Admin issues from a held lot: it sets product, edition and usage, bounds the dates and says what it can issue', async () => {
    const { api, user } = setUpAdmin();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/drawn from one of your lots/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Issue from'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([HELD, 'Mailbox Migrator (Standard) · Node-Locked Forever · 420 available · no expiry']);
    await user.click(screen.getByRole('option', { name: HELD }));

    expect(within(dialog).getByText('You can issue up to 166, until 20/11/2027')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Product')).toHaveTextContent('Mailbox Migrator (MBX)');
    expect(within(dialog).getByLabelText('Product')).toBeDisabled();
    expect(within(dialog).getByLabelText('Edition')).toHaveTextContent('Standard');
    expect(within(dialog).getByLabelText('Usage Type')).toHaveTextContent('Node-Locked');
    expect(within(dialog).getByLabelText('Duration Type')).toHaveTextContent('Fixed');
    expect(within(dialog).getByLabelText('Expiry Date')).toHaveAttribute('max', '2027-11-20');
    expect(within(dialog).getByLabelText('Start Date')).toHaveAttribute('min', '2026-11-20');
    expect(within(dialog).getByLabelText('Total Count')).toHaveAttribute('max', '166');

    await user.type(within(dialog).getByLabelText('Customer Email'), 'new@fabrikam.example');
    await user.type(within(dialog).getByLabelText('Customer Name'), 'Fabrikam');
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.type(within(dialog).getByLabelText('Start Date'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('Duration (days)'), '30');
    await user.type(within(dialog).getByLabelText('Total Count'), '10');
    await submit(user, dialog);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [body] = await api.bodiesOf('POST /api/License');
    expect(body).toEqual({
      productCode: 'MBX',
      licenseTypeName: 'Standard',
      durationType: 'Fixed',
      usageType: 'NodeLocked',
      customerEmail: 'new@fabrikam.example',
      customerName: 'Fabrikam',
      startDate: '2026-12-01T00:00:00.000Z',
      duration: 30,
      totalCount: 10,
      sourceLicenseId: issuableLot().licenseId,
    });
    expect(createLicenseSchema.safeParse(body).success).toBe(true);
    expect(await screen.findByText('License created successfully')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A customer account for new@fabrikam.example was created under your account: it is mailed a link to confirm its address, then its sign-in details.',
      ),
    ).toBeInTheDocument();
  });

  it('says before submit what the held lot cannot give, and sends nothing', async () => {
    const { api, user } = setUpAdmin();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Customer Email'), 'new@fabrikam.example');
    await user.type(within(dialog).getByLabelText('Customer Name'), 'Fabrikam');
    await user.type(within(dialog).getByLabelText('Total Count'), '200');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Choose the lot to issue from')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Issue from'));
    await user.click(await screen.findByRole('option', { name: HELD }));
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.type(within(dialog).getByLabelText('Start Date'), '2026-11-01');
    await user.type(within(dialog).getByLabelText('Expiry Date'), '2027-12-01');
    await submit(user, dialog);
    expect(await within(dialog).findByText('You can issue at most 166 of this lot.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('This lot starts on 20/11/2026: choose a start date on or after it.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('This lot expires on 20/11/2027: choose an expiry on or before it.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/License')).toHaveLength(0);

    // A perpetual lot gives a perpetual license: no expiry to choose.
    await user.click(within(dialog).getByLabelText('Issue from'));
    await user.click(
      await screen.findByRole('option', {
        name: 'Mailbox Migrator (Standard) · Node-Locked Forever · 420 available · no expiry',
      }),
    );
    expect(within(dialog).getByText('You can issue up to 420, with no expiry')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Expiry Date')).not.toBeInTheDocument();
  });

  it('says why the held lots could not be read, not that there are none', async () => {
    const { user } = setUpAdmin(createdLicenseReply(), failure(500, 'Something went wrong. Please try again.'));
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText('You hold no licenses that can be issued now.')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Issue from')).toBeDisabled();
  });

  it("puts the server's refusal of a count under its field, said once", async () => {
    const message = 'You can issue at most 3 of this lot.';
    const { user } = setUpAdmin(failure(409, message, [{ field: 'totalCount', message }]));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText('Issue from'));
    await user.click(await screen.findByRole('option', { name: HELD }));
    await user.type(within(dialog).getByLabelText('Customer Email'), 'user@fabrikam.example');
    await user.type(within(dialog).getByLabelText('Customer Name'), 'Fabrikam');
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.type(within(dialog).getByLabelText('Start Date'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('Duration (days)'), '30');
    await user.type(within(dialog).getByLabelText('Total Count'), '5');
    await submit(user, dialog);
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Total Count')).toHaveAttribute('aria-invalid', 'true');
  });
});
