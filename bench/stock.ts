import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { findLedgerViolations } from '../apps/server/src/modules/stock';
import { runPgbench } from './pgbench';
import { apiCall } from './portal-session';

/**
 * Sustained allocations through the API against the same transaction in bare SQL run by pgbench,
 * in one run: 10 clients, each moving one unit at a time from the admin's Default pool to
 * a child of its own. Both sides lock the two stock rows in (pool, lot) order, move one unit and
 * write the movement with its lines, under the same constraints and triggers. The ledger is checked
 * after the run.
 */
const CLIENTS = 10;

export interface StockFigures {
  apiPerSecond: number;
  apiErrors: number;
  sqlPerSecond: number;
  violations: string[];
}

interface Api {
  url: string;
  admin: string;
  superAdmin: string;
}

/** A lot of a million perpetual units for the admin, and ten children to allocate to. */
async function prepare(api: Api): Promise<{ children: string[]; groupKey: string; productCode: string }> {
  const products = await apiCall<{ code: string; editions: string[] }[]>(
    api.url,
    api.superAdmin,
    'GET',
    '/License/products',
  );
  const product = products[0];
  if (!product?.editions[0]) throw new Error('no product in the catalogue');
  await apiCall(api.url, api.superAdmin, 'POST', '/License', {
    productCode: product.code,
    licenseTypeName: product.editions[0],
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    customerEmail: 'admin@example.com',
    customerName: 'Alex Admin',
    startDate: new Date(Date.now() - 86_400_000).toISOString(),
    totalCount: 1_000_000,
    orderId: 'BENCH',
  });
  const groups = await apiCall<{ groupKey: string; productCode: string; availableCount: number }[]>(
    api.url,
    api.admin,
    'GET',
    '/LicenseAllocation/available-summary',
  );
  const group = groups.find((g) => g.availableCount >= 1_000_000);
  if (!group) throw new Error('the benchmark lot is not available to the admin');
  const children: string[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const child = await apiCall<{ id: string }>(api.url, api.admin, 'POST', '/User/create-child-account', {
      name: `Bench Child ${i}`,
      email: `bench-child-${i}-${process.pid}@example.com`,
      roles: 'User',
    });
    children.push(child.id);
  }
  return { children, groupKey: group.groupKey, productCode: group.productCode };
}

/** 10 connections, one per child, each allocating one unit per request for `seconds`. */
async function loadAllocations(
  api: Api,
  setup: Awaited<ReturnType<typeof prepare>>,
  seconds: number,
): Promise<{ perSecond: number; errors: number }> {
  const runs = await Promise.all(
    setup.children.map((targetId) =>
      autocannon({
        url: `${api.url}/api/LicenseAllocation/allocate`,
        method: 'POST',
        headers: { authorization: `Bearer ${api.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          targetId,
          isUser: true,
          productAllocations: [{ groupKey: setup.groupKey, productCode: setup.productCode, quantity: 1 }],
        }),
        connections: 1,
        duration: seconds,
      }),
    ),
  );
  return {
    perSecond: runs.reduce((sum, run) => sum + run.requests.average, 0),
    errors: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  };
}

/** The same movement as the API's allocate, as one pgbench transaction. */
const PGBENCH_SCRIPT = `
SELECT pool_id AS tgt FROM bench_targets WHERE client = :client_id \\gset
BEGIN;
INSERT INTO stock (pool_id, license_id) VALUES (':tgt', ':lot') ON CONFLICT DO NOTHING;
SELECT pool_id FROM stock WHERE license_id = ':lot' AND pool_id IN (':src', ':tgt') ORDER BY pool_id, license_id FOR UPDATE;
WITH m AS (
  INSERT INTO movements (action, product_code, group_key, quantity, source_pool_id, target_name, target_type, target_id, actor_id)
  VALUES ('Allocate', ':product', ':groupkey', 1, ':src', 'Bench Child', 'User', ':tgt', ':actor') RETURNING id)
INSERT INTO movement_lines (movement_id, pool_id, license_id, d_available, d_allocated)
  SELECT id, ':src'::uuid, ':lot'::uuid, -1, 1 FROM m UNION ALL SELECT id, ':tgt'::uuid, ':lot'::uuid, 1, 0 FROM m;
UPDATE stock SET available = available - 1, allocated = allocated + 1 WHERE pool_id = ':src' AND license_id = ':lot';
UPDATE stock SET available = available + 1, total = total + 1 WHERE pool_id = ':tgt' AND license_id = ':lot';
COMMIT;
`;

async function pgbench(databaseUrl: string, setup: Awaited<ReturnType<typeof prepare>>, seconds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let vars: Record<string, string>;
  try {
    const { rows } = await client.query<{ src: string; lot: string; actor: string }>(
      `SELECT p.id AS src, s.license_id AS lot, a.id AS actor
         FROM accounts a JOIN pools p ON p.owner_id = a.id AND p.pool_type = 'Default'
         JOIN stock s ON s.pool_id = p.id JOIN licenses l ON l.id = s.license_id
        WHERE a.email = 'admin@example.com' AND l.group_key = $1 AND s.available >= 500000`,
      [setup.groupKey],
    );
    const head = rows[0];
    if (!head) throw new Error('no benchmark lot in the admin pool');
    await client.query('DROP TABLE IF EXISTS bench_targets');
    await client.query('CREATE TABLE bench_targets (client int PRIMARY KEY, pool_id uuid NOT NULL)');
    for (const [index, child] of setup.children.entries()) {
      await client.query(
        `INSERT INTO bench_targets SELECT $1, id FROM pools WHERE owner_id = $2 AND pool_type = 'Default'`,
        [index, child],
      );
    }
    vars = {
      src: head.src,
      lot: head.lot,
      actor: head.actor,
      product: setup.productCode,
      groupkey: setup.groupKey,
    };
  } finally {
    await client.end();
  }
  const run = await runPgbench({ script: PGBENCH_SCRIPT, vars, databaseUrl, clients: CLIENTS, seconds });
  if (run.failed > 0) throw new Error(`pgbench had ${run.failed} failed transactions`);
  return run.perSecond;
}

export async function measureAllocations(
  api: Api,
  databaseUrl: string,
  seconds: number,
  rounds: number,
): Promise<StockFigures> {
  const setup = await prepare(api);
  await loadAllocations(api, setup, 1);
  const apiRates: number[] = [];
  const sqlRates: number[] = [];
  let apiErrors = 0;
  for (let round = 0; round < rounds; round += 1) {
    const run = await loadAllocations(api, setup, seconds);
    apiRates.push(run.perSecond);
    apiErrors += run.errors;
    sqlRates.push(await pgbench(databaseUrl, setup, seconds));
  }
  const handle = openPostgres(databaseUrl, 2);
  try {
    const violations = await findLedgerViolations(handle.db);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return { apiPerSecond: mean(apiRates), apiErrors, sqlPerSecond: mean(sqlRates), violations };
  } finally {
    await handle.close();
  }
}
