import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { jobRow, REPORT_KEY, reportReplies, USER_ID, userRow } from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';
import { cellTexts, headerTexts } from '@/test/table';

function setUp(answers: Parameters<typeof reportReplies>[0]) {
  signIn();
  const api = mockApi({ 'GET /api/User/me': ok(userWith(['Auditor'])), [REPORT_KEY]: reportReplies(answers) });
  const view = renderApp('/reports/users');
  return { api, view, user: userEvent.setup() };
}

viewInTimeZone(ZONE);

describe('User View (/reports/users)', () => {
  it('lists the users who ran migrations, 25 a page', async () => {
    const { api } = setUp({ User: { viewType: 'User', items: [userRow()], totalCount: 1 } });
    expect(await screen.findByRole('heading', { name: 'User View', level: 1 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'User View' });
    const row = (await within(table).findByText('Ann Lee')).closest('tr')!;
    expect(headerTexts(table)).toEqual(['User', 'Email', 'Jobs', `Last Job Start (${ZONE})`, `Last Job End (${ZONE})`]);
    expect(cellTexts(row)).toEqual([
      'Ann Lee',
      'ann@contoso.example',
      '2',
      '03/02/2026 17:34:05',
      '04/02/2026 13:30:00',
    ]);
    expect(await api.bodiesOf(REPORT_KEY)).toEqual([{ viewType: 'User', pageNumber: 1, pageSize: 25 }]);
  });

  it("opens a user's jobs from the row, named in the heading, and the breadcrumb leads back", async () => {
    const { api, user, view } = setUp({
      User: { viewType: 'User', items: [userRow()], totalCount: 1 },
      Job: {
        viewType: 'Job',
        items: [jobRow()],
        totalCount: 1,
        user: { id: USER_ID, name: 'Ann Lee', email: 'ann@contoso.example' },
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Ann Lee' }));
    expect(await screen.findByRole('heading', { name: 'Jobs of Ann Lee', level: 1 })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe(`?userId=${USER_ID}`);
    expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({
      viewType: 'Job',
      pageNumber: 1,
      pageSize: 25,
      userId: USER_ID,
    });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(breadcrumb).getByRole('link', { name: 'User View' }));
    expect(await screen.findByRole('heading', { name: 'User View', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/reports/users'));
  });
});
