import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@portal/contracts/webhooks';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Tells the webhooks of an event (decision 033): pass the transaction of the change that causes
 * it, so the deliveries exist exactly when the change committed. `concerns` are the accounts the
 * event is about: every enabled endpoint subscribed to `type` whose Admin has one of them in its
 * subtree gets a delivery. One SQL function does it (migration 0016), the same one the ledger's
 * trigger calls for every movement. Answers how many deliveries were written.
 */
export async function emitWebhookEvent(
  tx: Database,
  type: WebhookEventType,
  concerns: string[],
  data: Record<string, unknown>,
  at: Date,
): Promise<number> {
  const [row] = rowsOf<{ written: number }>(
    await tx.execute(
      sql`SELECT webhook_emit(${type}, ${`{${concerns.join(',')}}`}::uuid[], ${JSON.stringify(data)}::jsonb,
        ${at.toISOString()}::timestamptz) AS written`,
    ),
  );
  return Number(row?.written ?? 0);
}
