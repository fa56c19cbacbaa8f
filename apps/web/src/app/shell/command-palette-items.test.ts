import { PAGES } from '@portal/contracts/pages';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSidebarLinks } from './sidebar-data';
import { actionItems, matching, pageItems, recentItems, rememberItem, resultItems } from './command-palette-items';

const admin = { id: 'a1', roles: ['Admin'] } as Parameters<typeof actionItems>[0];
const user = { id: 'u1', roles: ['User'] } as Parameters<typeof actionItems>[0];

describe('the command palette lines', () => {
  beforeEach(() => localStorage.clear());

  it('offers the pages of the sidebar, the groups’ pages included, and no external link', () => {
    const labels = pageItems(getSidebarLinks(['Admin'])).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Users', 'Job View', 'Machine View']));
    expect(labels).not.toContain('Help Manual');
    expect(labels).not.toContain('Analysis');
    expect(pageItems(getSidebarLinks(['User'])).map((item) => item.label)).not.toContain('Users');
  });

  it('offers an Admin Create user and Import users, a User neither', () => {
    expect(actionItems(admin).map((item) => item.href)).toEqual([
      `${PAGES.childAccounts}?create=1`,
      PAGES.importUsers,
      PAGES.changePassword,
    ]);
    expect(actionItems(user).map((item) => item.label)).toEqual(['Change password']);
  });

  it('keeps the lines whose words begin with every word typed', () => {
    const pages = pageItems(getSidebarLinks(['Admin']));
    expect(matching(pages, 'lic mov').map((item) => item.label)).toEqual(['License Movement']);
    expect(matching(pages, 'view').map((item) => item.label)).toEqual(['User View', 'Machine View', 'Job View']);
    expect(matching(pages, 'ovement')).toEqual([]);
    expect(matching(pages, '  ')).toEqual(pages);
  });

  it('links each result to its own page', () => {
    const lines = resultItems(
      {
        accounts: [{ id: 'x', name: 'Ada', email: 'ada+1@example.com' }],
        pools: [{ id: 'p', name: 'Sales' }],
        jobs: [{ id: 'j', name: 'Wave', machineName: 'PC-1' }],
        machines: [{ id: 'm', name: 'PC 1' }],
        lots: [{ id: 'l', orderId: 'PO-7', productName: 'Mailbox Migration', customerName: 'Contoso' }],
      },
      ['Admin'],
    );
    expect(lines.map((line) => [line.group, line.href])).toEqual([
      ['Users', `${PAGES.childAccounts}?filter=ada%2B1%40example.com`],
      ['Pools', PAGES.poolUsers({ id: 'p', name: 'Sales' })],
      ['Jobs', PAGES.job('j')],
      ['Machines', PAGES.jobs({ machineName: 'PC 1' })],
      ['Lots', PAGES.lot('l')],
    ]);
  });

  it('remembers the last five lines opened, newest first, for each account apart', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 2]) {
      rememberItem('a1', { id: `job:${n}`, label: `Job ${n}`, href: `/reports/job?jobId=${n}`, group: 'Jobs' });
    }
    expect(recentItems('a1').map((item) => item.label)).toEqual(['Job 2', 'Job 6', 'Job 5', 'Job 4', 'Job 3']);
    expect(recentItems('u1')).toEqual([]);
  });
});
