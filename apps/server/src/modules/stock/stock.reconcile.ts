import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Reconciles the stock rows with themselves and with the ledger (a consistency check, not the audit
 * trail): every way they could disagree, as readable lines (none when all is well). The row
 * invariants the CHECKs keep, each lot's balance (with what its child lots drew), the rows against
 * the sum of the ledger's movement lines, and that what a pool counts as allocated is what the pools
 * it feeds hold of that lot.
 */
export async function findLedgerViolations(db: Database): Promise<string[]> {
  const answer: unknown = await db.execute(sql`
    SELECT 'row ' || pool_id || '/' || license_id || ' has a negative counter or a wrong total' AS problem
      FROM stock
     WHERE least(available, in_transit, consumed, allocated) < 0
        OR total <> available + in_transit + consumed + allocated
    UNION ALL
    SELECT 'lot ' || l.id || ' holds ' || coalesce(h.held, 0) || ' and its child lots ' || coalesce(c.drawn, 0)
           || ' of ' || l.total_count
      FROM licenses l
      LEFT JOIN (SELECT license_id, sum(available + in_transit + consumed) AS held FROM stock GROUP BY license_id) h
             ON h.license_id = l.id
      -- Decision 029: a child lot's units were drawn from its parent.
      LEFT JOIN (SELECT parent_license_id, sum(total_count) AS drawn FROM licenses
                  WHERE parent_license_id IS NOT NULL GROUP BY parent_license_id) c
             ON c.parent_license_id = l.id
     WHERE coalesce(h.held, 0) + coalesce(c.drawn, 0) <> l.total_count
    UNION ALL
    SELECT 'row ' || coalesce(s.pool_id, m.pool_id) || '/' || coalesce(s.license_id, m.license_id) || ' differs from its movement lines'
      FROM stock s
      FULL JOIN (
        SELECT pool_id, license_id, sum(d_available) AS a, sum(d_in_transit) AS t, sum(d_consumed) AS c, sum(d_allocated) AS al
          FROM movement_lines GROUP BY pool_id, license_id
      ) m ON m.pool_id = s.pool_id AND m.license_id = s.license_id
     WHERE (coalesce(s.available, 0), coalesce(s.in_transit, 0), coalesce(s.consumed, 0), coalesce(s.allocated, 0))
           IS DISTINCT FROM (coalesce(m.a, 0), coalesce(m.t, 0), coalesce(m.c, 0), coalesce(m.al, 0))
    UNION ALL
    SELECT 'pool ' || coalesce(s.pool_id, r.pool_id) || ' counts ' || coalesce(s.allocated, 0) || ' of lot '
           || coalesce(s.license_id, r.license_id) || ' allocated, its receivers hold ' || coalesce(r.held, 0)
      FROM stock s
      FULL JOIN (
        -- A pool receives from one pool: a shared pool from its owner's Default pool, a Default
        -- pool from the Default pool of its owner's parent. A lot's own customer is not a receiver.
        SELECT feeder.id AS pool_id, st.license_id, sum(st.total) AS held
          FROM stock st
          JOIN pools p ON p.id = st.pool_id
          JOIN accounts o ON o.id = p.owner_id
          JOIN licenses l ON l.id = st.license_id
          JOIN pools feeder ON feeder.pool_type = 'Default'
                           AND feeder.owner_id = CASE WHEN p.pool_type = 'Pool' THEN p.owner_id ELSE o.parent_id END
         WHERE NOT (p.pool_type = 'Default' AND p.owner_id = l.customer_id)
         GROUP BY feeder.id, st.license_id
      ) r ON r.pool_id = s.pool_id AND r.license_id = s.license_id
     WHERE coalesce(s.allocated, 0) <> coalesce(r.held, 0)
  `);
  const { rows } = answer as { rows: { problem: string }[] };
  return rows.map((row) => row.problem);
}
