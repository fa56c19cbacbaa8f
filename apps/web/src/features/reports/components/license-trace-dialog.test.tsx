import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_QUERY } from '@/hooks/use-is-mobile';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import {
  JOB_ID,
  jobSummary,
  jobTimeline,
  MAILBOX_ID,
  mailboxRow,
  REPORT_KEY,
  reportReplies,
  TIMELINE_KEY,
} from '@/test/reports';
import { signIn, userWith } from '@/test/users';

/* A mailbox row's license trace (decision 046), opened from its row of the Mailboxes view. */

const TRACE_KEY = `GET /api/Report/mailbox/${MAILBOX_ID}/license-trace`;
const entry = (action: 'Reserve' | 'Consume', movementId: string) => ({
  movementId,
  action,
  at: '2026-02-03T12:04:05.000Z',
  productCode: 'MBX',
  poolName: 'Default Pool of Ann Lee',
  lots: [{ licenseId: 'l-1', orderId: 'PO-7', edition: 'Pay-Per-Use', quantity: 1 }],
  actorName: 'Ann Lee',
  actorEmail: 'ann@contoso.example',
  apiKeyName: 'Migration tool',
});

/** A window that turns phone-sized on demand, as a browser does when it is narrowed past 768 px. */
function resizableWindow() {
  let phone = false;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        get matches() {
          return phone && query === MOBILE_QUERY;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (toPhone: boolean) =>
    act(() => {
      phone = toPhone;
      for (const listener of listeners) listener();
    });
}

function setUp() {
  signIn();
  mockApi({
    'GET /api/User/me': ok(userWith(['User'])),
    [REPORT_KEY]: reportReplies({
      Mailbox: { viewType: 'Mailbox', items: [mailboxRow()], totalCount: 1, job: jobSummary() },
    }),
    // The job's charts (lazy-job-charts.tsx).
    [TIMELINE_KEY]: ok(jobTimeline()),
    [TRACE_KEY]: ok({
      mailboxId: MAILBOX_ID,
      sourceMailbox: 'ann@contoso.example',
      licenseState: 'Consumed',
      entries: [entry('Reserve', 'mv-1'), entry('Consume', 'mv-2')],
    }),
  });
  renderApp(`/reports/job?jobId=${JOB_ID}`);
  return userEvent.setup();
}

describe('License trace of a mailbox row', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the trace by keyboard and hands the focus back to the row’s button on Escape', async () => {
    const user = setUp();
    const trigger = await screen.findByRole('button', { name: 'License trace of ann@contoso.example' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'License trace' });
    expect(await within(dialog).findByText('Its unit was consumed.')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'License trace' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateUnitPoolLotBy',
      expect.stringContaining('Reserved'),
      expect.stringContaining('Consumed'),
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'License trace of ann@contoso.example' })).toHaveFocus();
  });

  it('hands the focus back to the row’s button when closed with its Close button', async () => {
    const user = setUp();
    await user.click(await screen.findByRole('button', { name: 'License trace of ann@contoso.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'License trace' });
    await within(dialog).findByText('Its unit was consumed.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'License trace of ann@contoso.example' })).toHaveFocus();
  });

  it('stays open while the table changes layout, and hands the focus back to the row’s button drawn anew', async () => {
    const narrow = resizableWindow();
    const user = setUp();
    const before = await screen.findByRole('button', { name: 'License trace of ann@contoso.example' });
    await user.click(before);
    const dialog = await screen.findByRole('dialog', { name: 'License trace' });
    await within(dialog).findByText('Its unit was consumed.');
    // Narrowed to a phone and back: the License column moves under the mailbox and back again.
    narrow(true);
    expect(before).not.toBeInTheDocument();
    narrow(false);
    expect(screen.getByRole('dialog', { name: 'License trace' })).toHaveTextContent('Its unit was consumed.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'License trace of ann@contoso.example' })).toHaveFocus();
  });
});
