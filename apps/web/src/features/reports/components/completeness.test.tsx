import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '@/test/app-dom';
import { mockApi, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { folderRow, JOB_ID, jobSummary, MAILBOX_ID, mailboxRow, REPORT_KEY, reportReplies } from '@/test/reports';
import { signIn, userWith } from '@/test/users';

/* Completeness in the Mailboxes and Folders views (decision 044). */

const ACCEPT_KEY = `POST /api/Report/mailbox/${MAILBOX_ID}/accept-skips`;
const skipped = {
  ...mailboxRow({ status: 'Completed', skippedItems: 3, verdict: 'Incomplete' }),
  jobName: 'Contoso wave 1',
};
const skippedFolder = folderRow({
  sourceItems: 50,
  destinationItems: 47,
  skippedItems: 3,
  skips: [
    { category: 'TooLarge', count: 2, samples: ['Video.mp4'] },
    { category: 'Corrupt', count: 1, samples: [] },
  ],
});

const ACCEPTED = ok({
  mailboxId: MAILBOX_ID,
  acceptedSkippedItems: 3,
  verdict: 'CompleteWithAcceptedSkips',
  changed: true,
});

function setUp(role: 'Admin' | 'Auditor', path: string, acceptReply: Parameters<typeof mockApi>[0][string] = ACCEPTED) {
  signIn();
  const api = mockApi({
    'GET /api/User/me': ok(userWith([role])),
    [REPORT_KEY]: reportReplies({
      Mailbox: { viewType: 'Mailbox', items: [mailboxRow()], totalCount: 1, job: jobSummary() },
      Folder: { viewType: 'Folder', items: [skippedFolder], totalCount: 1, mailbox: skipped },
    }),
    [ACCEPT_KEY]: acceptReply,
  });
  renderApp(path);
  return { api, user: userEvent.setup() };
}

describe('completeness', () => {
  it("shows the job's verdict and asks for only the incomplete mailboxes", async () => {
    const { api, user } = setUp('Auditor', `/reports/job?jobId=${JOB_ID}`);
    const section = await screen.findByRole('region', { name: 'Job completeness' });
    expect(within(section).getByText('Worst consistency: Investigate')).toBeInTheDocument();
    expect(within(section).getByText('Complete with accepted skips:')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Only incomplete' }));
    await waitFor(async () =>
      expect((await api.bodiesOf(REPORT_KEY)).at(-1)).toEqual({
        viewType: 'Mailbox',
        pageNumber: 1,
        pageSize: 10,
        jobId: JOB_ID,
        onlyIncomplete: true,
      }),
    );
  });

  it('shows a folder’s skips by reason; an Auditor is not offered the acceptance', async () => {
    setUp('Auditor', `/reports/folders?mailboxId=${MAILBOX_ID}`);
    expect(await screen.findByText('Too large: 2, Corrupt: 1')).toBeInTheDocument();
    expect(screen.getByText('Source 50 · Destination 47')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept skipped items' })).not.toBeInTheDocument();
  });

  it('lets an Admin accept the skipped items after confirming', async () => {
    const { api, user } = setUp('Admin', `/reports/folders?mailboxId=${MAILBOX_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Accept skipped items' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Accept the skipped items of ann@contoso.example?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.calls(ACCEPT_KEY)).toHaveLength(1));
    expect(await screen.findByText('Skipped items accepted')).toBeInTheDocument();
  });

  it('keeps the dialog open on a refusal, said once; Cancel hands the focus back to the button', async () => {
    const message = 'This mailbox is still in progress: its skipped items can be accepted once it has ended.';
    const { api, user } = setUp('Admin', `/reports/folders?mailboxId=${MAILBOX_ID}`, {
      status: 409,
      body: { success: false, message },
    });
    const button = await screen.findByRole('button', { name: 'Accept skipped items' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Accept the skipped items of ann@contoso.example?',
    });
    // Cancel holds the focus; Tab reaches Accept.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(api.calls(ACCEPT_KEY)).toHaveLength(1));
    expect(await screen.findAllByText(message)).toHaveLength(1);
    expect(dialog).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Accept skipped items' })).toHaveFocus();
  });
});
