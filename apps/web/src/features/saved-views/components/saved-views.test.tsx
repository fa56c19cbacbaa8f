import type { SavedView } from '@portal/contracts/saved-views';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { pagedReply } from '@/test/accounts';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { signIn, userWith } from '@/test/users';
import { readHidden, readSorting } from '@/components/data-table/use-table-url-state';

const view = (overrides: Partial<SavedView> = {}): SavedView => ({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Failed logins',
  page: '/audit-trail',
  query: 'outcome=failure',
  shared: true,
  mine: false,
  pinned: true,
  ownerName: 'Ann Admin',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...overrides,
});

function setUp(views: SavedView[] = [view()]) {
  signIn();
  return mockApi({
    'GET /api/User/me': ok(userWith(['Auditor'])),
    'GET /api/Audit': pagedReply([], 0),
    'GET /api/SavedViews': ok(views),
    'POST /api/SavedViews': async (request) => {
      const body = (await request.clone().json()) as Record<string, unknown>;
      return Response.json({ success: true, message: 'View saved.', data: view({ ...body, id: 'new', mine: true }) });
    },
  });
}

describe('the URL state a view keeps', () => {
  it('reads one sort column, descending with a leading minus, and ignores anything else', () => {
    expect(readSorting('-createdAt')).toEqual([{ id: 'createdAt', desc: true }]);
    expect(readSorting('name')).toEqual([{ id: 'name', desc: false }]);
    expect(readSorting('<script>')).toEqual([]);
    expect(readSorting(null)).toEqual([]);
  });

  it('reads the hidden columns as TanStack visibility', () => {
    expect(readHidden('email,ip')).toEqual({ email: false, ip: false });
    expect(readHidden('ok,,1bad')).toEqual({ ok: false });
  });
});

describe('saved views', () => {
  it('lists the pinned views in the sidebar, opening the list with their filters', async () => {
    setUp();
    renderApp('/audit-trail');
    const nav = await screen.findByRole('list', { name: 'Saved views' });
    const link = within(nav).getByRole('link', { name: 'Failed logins' });
    expect(link).toHaveAttribute('href', '/audit-trail?outcome=failure');
  });

  it('saves the list’s filters without its page number, shared and pinned as ticked', async () => {
    const user = userEvent.setup();
    const api = setUp([]);
    renderApp('/audit-trail?outcome=failure&page=3');
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current view...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Enter a name for the view.')).toBeInTheDocument();
    expect(api.calls('POST /api/SavedViews')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Failures');
    await user.click(within(dialog).getByRole('checkbox', { name: /Share with my organisation/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument());
    expect(await api.bodiesOf('POST /api/SavedViews')).toEqual([
      { name: 'Failures', page: '/audit-trail', query: 'outcome=failure', shared: true, pinned: false },
    ]);
  });

  it('shows a view by someone else without the owner’s actions', async () => {
    const user = userEvent.setup();
    setUp();
    renderApp('/audit-trail');
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    expect(await screen.findByRole('menuitem', { name: /Failed logins.*by Ann Admin/ })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Manage views...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage views' });
    expect(within(dialog).getByRole('button', { name: 'Unpin Failed logins' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Failed logins' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Rename Failed logins' })).not.toBeInTheDocument();
  });

  it('turns rows compact from the Display menu, for every table of this browser', async () => {
    const user = userEvent.setup();
    setUp();
    renderApp('/audit-trail');
    await user.click(await screen.findByRole('button', { name: 'Display' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Compact' }));
    expect(document.documentElement.dataset.density).toBe('compact');
    expect(localStorage.getItem('table-density')).toBe('compact');
    await user.click(screen.getByRole('button', { name: 'Display' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Comfortable' }));
    expect(document.documentElement.dataset.density).toBeUndefined();
  });
});
