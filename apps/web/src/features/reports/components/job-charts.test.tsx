import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { JOB_ID, jobSummary, jobTimeline, mailboxRow, REPORT_KEY, reportReplies, TIMELINE_KEY } from '@/test/reports';
import { signIn, userWith } from '@/test/users';
import { viewInTimeZone, ZONE } from '@/test/time-zone';

function setUp() {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith(['User'])),
    [REPORT_KEY]: reportReplies({
      Mailbox: { viewType: 'Mailbox', items: [mailboxRow()], totalCount: 12, job: jobSummary({ accountCount: 12 }) },
    }),
    [TIMELINE_KEY]: ok(jobTimeline()),
  });
  renderApp(`/reports/job?jobId=${JOB_ID}`);
  return api;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

viewInTimeZone(ZONE);

describe("the job report's charts", () => {
  it('shows the mailboxes by status, with the numbers as a table for screen readers', async () => {
    setUp();
    const figure = await screen.findByRole('figure', { name: 'Mailboxes by status' });
    expect(figure).toHaveAccessibleDescription(
      '12 mailboxes: 2 in progress, 8 completed, 1 completed with errors, 1 failed.',
    );
    expect(rowsOf(within(figure).getByRole('table', { name: 'Mailboxes by status' }))).toEqual([
      ['In Progress', '2'],
      ['Completed', '8'],
      ['Completed with errors', '1'],
      ['Failed', '1'],
      ['Cancelled', '0'],
    ]);
  });

  it('shows the items migrated per interval from the job’s timeline, with the running total in the table', async () => {
    const api = setUp();
    const figure = await screen.findByRole('figure', { name: 'Items migrated over time' });
    await waitFor(() =>
      expect(figure).toHaveAccessibleDescription(
        "1,040 items migrated, per 5 minutes: each mailbox's items counted when it ended (while it runs, at its last report).",
      ),
    );
    const table = within(figure).getByRole('table', { name: 'Items migrated over time' });
    // The intervals start in the viewer's zone, which the column names.
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent(`From (${ZONE})`);
    expect(rowsOf(table)).toEqual([
      ['03/02/2026 17:30', '40', '40'],
      ['03/02/2026 17:35', '1,000', '1,040'],
    ]);
    expect(figure.querySelectorAll('svg rect')).toHaveLength(2);
    expect(api.calls(TIMELINE_KEY)).toHaveLength(1);
  });
});
