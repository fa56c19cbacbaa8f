/**
 * The license ledger of the generated migration data (generate-migration-data.ts; decision 046): the
 * MBX jobs license per mailbox, so each of their mailboxes draws a unit as the agent does
 * (modules/stock/stock.agent.ts): a Reserve when it starts, then a Consume (Completed,
 * CompletedWithErrors) or a Release (Failed, Cancelled) when it ends, in the pool its account draws
 * from. Each tenant holds one Pay-Per-Use MBX lot, issued to its top Admin by the generated
 * SuperAdmin and allocated to each other account that migrates, as much as it uses. The rows have the
 * product's shape: a movement with its lines (the line carrying its movement's instant), and the
 * stock rows are the sums of the lines, so findLedgerViolations finds nothing.
 *
 * Run after the mailboxes are in, inside the generator's transaction. The webhook trigger on
 * movements (migration 0016) is off for the load: no organisation has an endpoint, and two million
 * deferred events would only cost time.
 */
const LOT_GROUP = `'MBX|Enterprise|Perpetual|-|Transactional'`;
const SPARE = 1000;

export const LEDGER = [
  `ALTER TABLE movements DISABLE TRIGGER movements_webhook`,
  // Each MBX mailbox with its account, the pool that account draws from and its outcome.
  `CREATE TEMP TABLE t_use AS
   SELECT mb.tenant_id, j.account_id, coalesce(a.pool_id, p.id) AS pool_id, mb.id AS mailbox_id,
          mb.source_mailbox, mb.status, mb.start_date, mb.end_date
   FROM mailboxes mb
   JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
   JOIN accounts a ON a.id = j.account_id
   JOIN pools p ON p.owner_id = a.id AND p.pool_type = 'Default'
   WHERE j.product_code = 'MBX'`,
  `CREATE TEMP TABLE t_lots AS
   SELECT u.tenant_id, gen_random_uuid() AS license_id, gen_random_uuid() AS issue_id, count(*)::int + ${SPARE} AS total,
          (SELECT id FROM pools WHERE owner_id = u.tenant_id AND pool_type = 'Default') AS top_pool,
          (SELECT id FROM accounts WHERE email = 'gen-superadmin@example.com') AS issuer
   FROM t_use u GROUP BY u.tenant_id`,
  `INSERT INTO licenses (id, product_code, edition, duration_type, usage_type, customer_id, start_date, total_count,
     order_id, created_by, created_at)
   SELECT license_id, 'MBX', 'Enterprise', 'Perpetual', 'Transactional', tenant_id, now() - interval '2 years', total,
          'GEN-PPU-' || left(tenant_id::text, 8), issuer, now() - interval '2 years'
   FROM t_lots`,
  // Every movement in one table first (its id made here), then the movements and their lines from it.
  `CREATE TEMP TABLE t_moves (id uuid NOT NULL DEFAULT gen_random_uuid(), action text, at timestamptz, quantity int,
     source_pool uuid, target_name text, target_type text, target_id text, actor uuid, license_id uuid,
     pool_id uuid, da int, dt int, dc int, dal int, pool2 uuid, da2 int)`,
  `INSERT INTO t_moves (id, action, at, quantity, source_pool, target_name, target_type, target_id, actor, license_id,
     pool_id, da, dt, dc, dal)
   SELECT l.issue_id, 'Issue', now() - interval '2 years', l.total, NULL, a.name, 'User', a.id::text, l.issuer,
          l.license_id, l.top_pool, l.total, 0, 0, 0
   FROM t_lots l JOIN accounts a ON a.id = l.tenant_id`,
  // Allocate: the top Admin hands each other migrating account's pool the units it uses.
  `INSERT INTO t_moves (action, at, quantity, source_pool, target_name, target_type, target_id, actor, license_id,
     pool_id, da, dt, dc, dal, pool2, da2)
   SELECT 'Allocate', now() - interval '2 years' + interval '1 minute', u.n, l.top_pool, a.name, 'User', a.id::text,
          l.tenant_id, l.license_id, l.top_pool, -u.n, 0, 0, u.n, u.pool_id, u.n
   FROM (SELECT tenant_id, account_id, pool_id, count(*)::int AS n FROM t_use GROUP BY 1, 2, 3) u
   JOIN t_lots l ON l.tenant_id = u.tenant_id JOIN accounts a ON a.id = u.account_id
   WHERE u.pool_id <> l.top_pool`,
  `INSERT INTO t_moves (action, at, quantity, source_pool, target_name, target_type, target_id, actor, license_id,
     pool_id, da, dt, dc, dal)
   SELECT 'Reserve', u.start_date, -1, u.pool_id, u.source_mailbox, 'Mailbox', u.mailbox_id::text, u.account_id,
          l.license_id, u.pool_id, -1, 1, 0, 0
   FROM t_use u JOIN t_lots l ON l.tenant_id = u.tenant_id`,
  `INSERT INTO t_moves (action, at, quantity, source_pool, target_name, target_type, target_id, actor, license_id,
     pool_id, da, dt, dc, dal)
   SELECT CASE WHEN ok THEN 'Consume' ELSE 'Release' END, u.end_date, CASE WHEN ok THEN -1 ELSE 1 END, u.pool_id,
          u.source_mailbox, 'Mailbox', u.mailbox_id::text, u.account_id, l.license_id, u.pool_id,
          CASE WHEN ok THEN 0 ELSE 1 END, -1, CASE WHEN ok THEN 1 ELSE 0 END, 0
   FROM (SELECT *, status IN ('Completed', 'CompletedWithErrors') AS ok FROM t_use WHERE status <> 'InProgress') u
   JOIN t_lots l ON l.tenant_id = u.tenant_id`,
  `INSERT INTO movements (id, action, product_code, group_key, quantity, source_pool_id, target_name, target_type,
     target_id, actor_id, created_at)
   SELECT id, action, 'MBX', ${LOT_GROUP}, quantity, source_pool, target_name, target_type, target_id, actor, at
   FROM t_moves`,
  `INSERT INTO movement_lines (movement_id, pool_id, license_id, d_available, d_in_transit, d_consumed, d_allocated,
     created_at)
   SELECT id, pool_id, license_id, da, dt, dc, dal, at FROM t_moves
   UNION ALL SELECT id, pool2, license_id, da2, 0, 0, 0, at FROM t_moves WHERE pool2 IS NOT NULL`,
  // The stock rows: the sums of their lines.
  `INSERT INTO stock (pool_id, license_id, available, in_transit, consumed, allocated, total)
   SELECT pool_id, license_id, sum(d_available), sum(d_in_transit), sum(d_consumed), sum(d_allocated),
          sum(d_available + d_in_transit + d_consumed + d_allocated)
   FROM movement_lines WHERE license_id IN (SELECT license_id FROM t_lots) GROUP BY pool_id, license_id`,
  `ALTER TABLE movements ENABLE TRIGGER movements_webhook`,
];
