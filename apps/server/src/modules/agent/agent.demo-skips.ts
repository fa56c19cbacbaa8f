import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordSeedAudit } from '../audit';
import { DEMO_ADMIN_ADDRESS } from './agent.demo';

/**
 * The demo shows every verdict (decision 044): the simulation leaves some mailboxes with skipped
 * items (Incomplete); here admin@ has accepted those of its two oldest mailboxes that otherwise
 * ended complete, so they read "Complete with accepted skips", and the others stay for the visitor
 * to filter and accept.
 */
export async function acceptDemoSkips(tx: Database, adminId: string, now: Date): Promise<void> {
  const accepted = rowsOf<{
    id: string;
    job_id: string;
    source_mailbox: string;
    skipped_items: number;
    at: string;
  }>(
    await tx.execute(sql`
      UPDATE mailboxes mb SET accepted_skipped_items = mb.skipped_items, skips_accepted_by = ${adminId}::uuid,
        skips_accepted_at = greatest(mb.end_date, ${now.toISOString()}::timestamptz - interval '1 day')
      WHERE (mb.tenant_id, mb.id) IN (
        SELECT m.tenant_id, m.id FROM mailboxes m
        JOIN jobs j ON j.tenant_id = m.tenant_id AND j.id = m.job_id
        WHERE j.account_id = ${adminId}::uuid AND m.skipped_items > 0 AND m.failed_items = 0
          AND m.missing_items = 0 AND m.status IN ('Completed', 'CompletedWithErrors')
        ORDER BY m.start_date, m.id
        LIMIT 2)
      RETURNING mb.id, mb.job_id, mb.source_mailbox, mb.skipped_items::float8 AS skipped_items, mb.skips_accepted_at::text AS at`),
  );
  // The audit row the accept-skips route writes (reports.accept-skips.ts), so the trail explains them.
  for (const mailbox of accepted) {
    await recordSeedAudit(
      tx,
      {
        event: 'mailbox.skips.accept',
        actor: adminId,
        at: new Date(mailbox.at),
        detail: {
          target: mailbox.source_mailbox,
          mailbox: mailbox.id,
          job: mailbox.job_id,
          skippedItems: mailbox.skipped_items,
        },
      },
      DEMO_ADMIN_ADDRESS,
    );
  }
}
