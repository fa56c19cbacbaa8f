import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Records an Admin's acceptance of a mailbox's skipped items (decision 044): the agent module owns
 * the mailboxes table, so the reports module's route (reports.accept-skips.ts) writes through here,
 * in its own transaction, under the row lock it took.
 */
export async function recordSkipsAccepted(
  tx: Database,
  mailbox: { tenantId: string; id: string },
  by: { accountId: string; now: Date },
): Promise<void> {
  await tx.execute(sql`
    UPDATE mailboxes SET accepted_skipped_items = skipped_items, skips_accepted_by = ${by.accountId}::uuid,
      skips_accepted_at = ${by.now.toISOString()}::timestamptz
    WHERE tenant_id = ${mailbox.tenantId}::uuid AND id = ${mailbox.id}::uuid`);
}
