import type { Role } from '@portal/contracts/roles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { links } from '@/lib/links';
import { getSidebarLinks } from './sidebar-data';
import { SidebarNav } from './sidebar-nav';

function renderNav(roles: Role[], { path = '/', collapsed = false } = {}) {
  const router = createMemoryRouter(
    [{ path: '*', element: <SidebarNav links={getSidebarLinks(roles)} collapsed={collapsed} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

/** Every link the nav shows, as [name, href], after opening the Analysis group if present. */
async function visibleLinks() {
  const analysis = screen.queryByRole('button', { name: 'Analysis' });
  if (analysis) await userEvent.click(analysis);
  return screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

const ANALYSIS_LINKS = [
  ['User View', '/reports/users'],
  ['Machine View', '/reports/machine'],
  ['Job View', '/reports/jobs'],
];

const ADMIN_LINKS = [
  ['Dashboard', '/dashboard'],
  ['Users', '/child-accounts'],
  ['Licenses', '/licenses'],
  ['Shared License Pools', '/license-pools'],
  ['License Movement', '/license-movement'],
  ['License Forecast', '/license-forecast'],
  ...ANALYSIS_LINKS,
  ['Audit Trail', '/audit-trail'],
  ['Settings', '/settings'],
  ['Help Manual', links.helpManual],
];

describe('sidebar links by role', () => {
  it('shows an Admin every portal page', async () => {
    renderNav(['Admin']);
    expect(await visibleLinks()).toEqual(ADMIN_LINKS);
  });

  it('shows an Auditor every portal page but the License Forecast (it runs no migrations)', async () => {
    renderNav(['Auditor']);
    expect(await visibleLinks()).toEqual(ADMIN_LINKS.filter(([name]) => name !== 'License Forecast'));
  });

  it('shows a User the pages open to every role only', async () => {
    renderNav(['User']);
    expect(await visibleLinks()).toEqual([
      ['Dashboard', '/dashboard'],
      ['License Movement', '/license-movement'],
      ['License Forecast', '/license-forecast'],
      ...ANALYSIS_LINKS,
      ['Settings', '/settings'],
      ['Help Manual', links.helpManual],
    ]);
  });

  it('shows a SuperAdmin only the License Usage Report and the Audit Trail, whatever other roles it holds', async () => {
    renderNav(['SuperAdmin', 'Admin']);
    expect(await visibleLinks()).toEqual([
      ['License Usage Report', '/license-usage-report'],
      ['Audit Trail', '/audit-trail'],
    ]);
    expect(screen.queryByRole('button', { name: 'Analysis' })).not.toBeInTheDocument();
  });

  it('opens the Help Manual in a new tab, safely', () => {
    renderNav(['User']);
    const help = screen.getByRole('link', { name: /Help Manual/ });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(help).toHaveAccessibleName('Help Manual (opens in a new tab)');
  });

  it('marks the link of the current page, and opens the group that holds it', () => {
    renderNav(['Admin'], { path: '/Reports/Jobs' });
    expect(screen.getByRole('link', { name: 'Job View' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('keeps names for screen readers when collapsed to icons, and shows the group as a menu', async () => {
    renderNav(['User'], { collapsed: true });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    // The group's menu loads with the collapsed sidebar.
    const group = await screen.findByRole('button', { name: 'Analysis' });
    expect(group).toHaveAttribute('aria-haspopup', 'menu');

    group.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['User View', 'Machine View', 'Job View']);
  });
});

describe('collapsed sidebar group', () => {
  it('stays open when the icon that hovering opened is then clicked', async () => {
    renderNav(['User'], { collapsed: true });
    const user = userEvent.setup();
    const group = await screen.findByRole('button', { name: 'Analysis' });
    await user.hover(group);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(group);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-expanded', 'true');
  });
});
