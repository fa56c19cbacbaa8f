import { t } from '@lingui/core/macro';
import type { MailboxReportRow } from '@portal/contracts/reports';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useAcceptSkips } from '../api/accept-skips';
import { runConfirmed } from './confirm-report-action';
import { formatCount } from './report-format';

type Mailbox = Pick<MailboxReportRow, 'id' | 'sourceMailbox' | 'status' | 'skippedItems' | 'acceptedSkippedItems'>;

/** Whether the Admin has something to accept: skips not all accepted, on a mailbox that has ended. */
export const canAcceptSkips = (mailbox: Mailbox) =>
  mailbox.skippedItems > mailbox.acceptedSkippedItems &&
  mailbox.status !== 'InProgress' &&
  mailbox.status !== 'NotStarted';

/**
 * "Accept skipped items" (Admins, decision 044): the mailbox's skipped items are accepted, audited,
 * and a mailbox otherwise complete becomes "Complete with accepted skips".
 */
export function AcceptSkipsButton({ mailbox }: { mailbox: Mailbox }) {
  const [open, setOpen] = useState(false);
  const accept = useAcceptSkips();
  const count = formatCount(mailbox.skippedItems);
  const name = mailbox.sourceMailbox;
  const confirm = () =>
    runConfirmed(accept, mailbox.id, {
      close: () => setOpen(false),
      notice: () => ({
        title: t`Skipped items accepted`,
        description: t`The ${count} skipped items of ${name} are accepted.`,
      }),
    });
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t`Accept skipped items`}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t`Accept the skipped items of ${name}?`}
        description={t`${count} items were not migrated, each for the reason listed in its folder. Once you accept them, the mailbox counts as complete with accepted skips. The acceptance is recorded in the audit trail with your name.`}
        action={t`Accept`}
        busyText={t`Accepting...`}
        cancelText={t`Cancel`}
        busy={accept.isPending}
        onConfirm={confirm}
        destructive={false}
      />
    </>
  );
}
