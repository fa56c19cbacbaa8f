import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_CATEGORIES } from '@portal/contracts/completeness';
import { openTestDatabase } from '../test/helper';
import type { DatabaseHandle } from './db/client';
import { rowsOf } from './db/rows';
import { seedDemoOrganisation } from './demo-seed';
import { findCounterViolations } from './modules/agent';

/* The demo shows completeness on first start (decision 044): every verdict, skips of every category. */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemoOrganisation(handle.db, 'demo passphrase for the seed', new Date('2026-11-21T09:00:00.000Z'));
});
afterAll(() => handle.close());

describe('the demo’s completeness', () => {
  it('has mailboxes of every verdict, admin@’s among them', async () => {
    const verdicts = rowsOf<{ verdict: string }>(
      await handle.db.execute(sql`
        SELECT DISTINCT mb.verdict FROM mailboxes mb
        JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
        JOIN accounts a ON a.id = j.account_id WHERE a.email = 'admin@example.com'`),
    ).map((row) => row.verdict);
    expect(verdicts.sort()).toEqual(['Complete', 'CompleteWithAcceptedSkips', 'Incomplete']);
  });

  it('has skipped items of every category, with samples, and counters that add up', async () => {
    const categories = rowsOf<{ category: string }>(
      await handle.db.execute(sql`
        SELECT DISTINCT s->>'category' AS category FROM folders f, jsonb_array_elements(f.skips) s
        WHERE jsonb_array_length(s->'samples') > 0`),
    ).map((row) => row.category);
    expect(categories.sort()).toEqual([...SKIP_CATEGORIES].sort());
    expect(await findCounterViolations(handle.db)).toEqual([]);
  });

  it('is checked: a job’s skipped or a mailbox’s missing counter that drifts from its rows is found', async () => {
    let found: string[] = [];
    const drifted = handle.db.transaction(async (tx) => {
      const [job] = rowsOf<{ id: string }>(
        await tx.execute(sql`
        UPDATE jobs SET skipped_items = skipped_items + 1 WHERE id = (SELECT min(id::text)::uuid FROM jobs) RETURNING id`),
      );
      const [mailbox] = rowsOf<{ id: string }>(
        await tx.execute(sql`
        UPDATE mailboxes SET missing_items = missing_items + 1 WHERE id = (SELECT min(id::text)::uuid FROM mailboxes) RETURNING id`),
      );
      found = (await findCounterViolations(tx)).filter((line) => line.includes(job!.id) || line.includes(mailbox!.id));
      throw new Error('rolled back');
    });
    await expect(drifted).rejects.toThrow('rolled back');
    expect(found).toHaveLength(2);
    expect(await findCounterViolations(handle.db)).toEqual([]);
  });

  it('explains its accepted skips and its blocked machine in the audit trail, as the routes write them', async () => {
    const rows = rowsOf<{
      action: string;
      actor_email: string;
      subject: string;
      at_accepted: boolean;
      named: boolean;
    }>(
      await handle.db.execute(sql`
        SELECT e.action, e.actor_email, coalesce(e.detail->>'mailbox', e.detail->>'machineName') AS subject,
          coalesce(e.created_at = mb.skips_accepted_at, e.created_at = m.blocked_at) AS at_accepted,
          e.target_label IS NOT DISTINCT FROM coalesce(mb.source_mailbox, m.name) AS named
        FROM audit_events e
        LEFT JOIN mailboxes mb ON mb.id = (e.detail->>'mailbox')::uuid
        LEFT JOIN machines m ON m.id = (e.detail->>'machine')::uuid
        WHERE e.action IN ('mailbox.skips.accept', 'machine.block') ORDER BY e.action, subject`),
    );
    const accepted = rowsOf<{ id: string }>(
      await handle.db.execute(sql`SELECT id FROM mailboxes WHERE skips_accepted_by IS NOT NULL ORDER BY id`),
    ).map((row) => row.id);
    expect(accepted).toHaveLength(2);
    expect(rows).toEqual(
      [
        {
          action: 'machine.block',
          actor_email: 'admin@example.com',
          subject: 'LAPTOP-FIELD-03',
          at_accepted: true,
          named: true,
        },
        ...accepted.map((id) => ({
          action: 'mailbox.skips.accept',
          actor_email: 'admin@example.com',
          subject: id,
          at_accepted: true,
          // The trail's Target names the mailbox, as the route's row does.
          named: true,
        })),
      ].sort((a, b) => a.action.localeCompare(b.action) || a.subject.localeCompare(b.subject)),
    );
  });
});
