import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { POOL_ID, childAccount, pagedReply, pool } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { availableSummaryReply } from '@/test/stock';
import { signIn, userWith } from '@/test/users';

const created = ok(
  { id: '33333333-3333-4333-8333-333333333333', name: 'Cy Park' },
  { message: 'Child account created successfully' },
);

function setUp(createReply: Parameters<typeof mockApi>[0][string] = created) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['Admin'])),
    'GET /api/User/child-accounts': pagedReply([childAccount()]),
    'GET /api/LicensePool': pagedReply([pool()]),
    'POST /api/User/create-child-account': createReply,
    // What the Allocate dialog that follows a creation offers.
    'GET /api/LicenseAllocation/available-summary': availableSummaryReply([]),
  });
  renderApp('/child-accounts');
  return { api, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: '+ Create User' }));
  return screen.findByRole('dialog', { name: 'Create User' });
}

describe('Create User dialog', () => {
  it('asks for a name and an email before calling the server', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your email')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(api.calls('POST /api/User/create-child-account')).toHaveLength(0);
  });

  it('creates a User with no pool by default: [Individual] sends no licensePoolId', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText('Role')).toHaveTextContent('User');
    expect(within(dialog).getByLabelText('Pool')).toHaveTextContent('[Individual]');

    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    await user.type(within(dialog).getByLabelText('Email'), 'cy@contoso.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // The form closes and the Allocate dialog opens for the new user (docs/product.md).
    expect(await screen.findByRole('dialog', { name: 'Allocate Licenses' })).toHaveTextContent('Cy Park');
    expect(screen.queryByRole('dialog', { name: 'Create User' })).not.toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/User/create-child-account')).toEqual([
      { name: 'Cy Park', email: 'cy@contoso.example', roles: 'User' },
    ]);
    // The success notice comes from the server's message; the list is asked again.
    expect(await screen.findByText('Child account created successfully')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/User/child-accounts')).toHaveLength(2));
  });

  it('sends the chosen role and pool', async () => {
    const { api, user } = setUp();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    await user.type(within(dialog).getByLabelText('Email'), 'cy@contoso.example');
    await user.click(within(dialog).getByLabelText('Role'));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByLabelText('Pool'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['[Individual]', 'Sales']);
    await user.click(screen.getByRole('option', { name: 'Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(api.calls('POST /api/User/create-child-account')).toHaveLength(1));
    expect(await api.bodiesOf('POST /api/User/create-child-account')).toEqual([
      { name: 'Cy Park', email: 'cy@contoso.example', roles: 'Admin', licensePoolId: POOL_ID },
    ]);
    expect(new URL(api.calls('GET /api/LicensePool')[0]!.url).search).toBe('?poolType=Pool&pageNumber=1&pageSize=2000');
  });

  it('shows a taken address under Email and keeps the dialog open', async () => {
    const { user } = setUp({
      status: 409,
      body: { success: false, message: 'An account with this email already exists.' },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    await user.type(within(dialog).getByLabelText('Email'), 'ann@contoso.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create User' })).toBeInTheDocument();
    // Said once, under the field: no toast repeats it.
    expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(1);
  });

  it('puts server field errors on their fields', async () => {
    const errors = [{ field: 'body.name', message: 'Name must not be longer than 100 characters.' }];
    const { user } = setUp({ status: 400, body: { success: false, message: 'Invalid input.', errors } });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    await user.type(within(dialog).getByLabelText('Email'), 'cy@contoso.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name must not be longer than 100 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid input.')).not.toBeInTheDocument();
  });

  it('still raises the toast for a failure the form cannot show', async () => {
    const { user } = setUp({ status: 500, body: { success: false, message: 'Something went wrong on our side.' } });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    await user.type(within(dialog).getByLabelText('Email'), 'cy@contoso.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
  });
});

describe('Create User dialog: the name limit and the Allocate dialog that follows', () => {
  it('counts the name towards its limit as one types', async () => {
    const { user } = setUp();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('0/100')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    expect(within(dialog).getByText('7/100')).toBeInTheDocument();
  });

  it('closes the Allocate dialog that follows on the first Escape and returns focus to + Create User', async () => {
    const { user } = setUp();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Cy Park');
    await user.type(within(dialog).getByLabelText('Email'), 'cy@contoso.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const allocate = await screen.findByRole('dialog', { name: 'Allocate Licenses' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create User' })).not.toBeInTheDocument());
    await waitFor(() => expect(allocate).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: '+ Create User' })).toHaveFocus());
  });
});
