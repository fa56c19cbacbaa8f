import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type PortalProcess, startPortal } from '../e2e/support/server';
import { apiCall, tokenFor } from './portal-session';

/**
 * The dashboard of a large organisation (issue 23): a top Admin, `dash-admin@example.com`, with
 * 1,000 direct child users and 200 shared pools, each pool and 200 of the children holding stock
 * allocated through the API, so that the dashboard's answer lists 1,000 children and 201 pools.
 * The accounts and pools are written in SQL (the API would spend an argon2 hash on each); the stock
 * moves through the ledger's own routes.
 */
export const DASHBOARD_ORG = { email: 'dash-admin@example.com', users: 1_000, pools: 200, stocked: 200 };

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function seedAccounts(query: Query): Promise<void> {
  const { users, pools, email } = DASHBOARD_ORG;
  await query('BEGIN');
  await query(
    `INSERT INTO accounts (email, name, password_hash, roles)
     SELECT $1, 'Dana Dashboard', password_hash, ARRAY['Admin'] FROM accounts WHERE email = 'admin@example.com'`,
    [email],
  );
  await query(
    `INSERT INTO accounts (email, name, password_hash, roles, parent_id)
     SELECT 'dash-user-' || g || '@example.com', 'Dashboard User ' || lpad(g::text, 4, '0'), a.password_hash,
            ARRAY['User'], a.id
     FROM accounts a, generate_series(1, $2::int) g WHERE a.email = $1`,
    [email, users],
  );
  await query(`INSERT INTO pools (owner_id, name, description, pool_type)
    SELECT id, 'Default Pool', '', 'Default' FROM accounts WHERE email LIKE 'dash-%'`);
  await query(
    `INSERT INTO pools (owner_id, name, description, pool_type)
     SELECT a.id, 'Wave ' || lpad(g::text, 3, '0'), 'Migration wave ' || g, 'Pool'
     FROM accounts a, generate_series(1, $2::int) g WHERE a.email = $1`,
    [email, pools],
  );
  await query('COMMIT');
  await query('ANALYZE');
}

interface Target {
  targetId: string;
  isUser: boolean;
}

/** The pools and the first children to stock: one unit each. */
async function targetsOf(query: Query): Promise<Target[]> {
  const { email, stocked } = DASHBOARD_ORG;
  const { rows: pools } = await query(
    `SELECT p.id FROM pools p JOIN accounts a ON a.id = p.owner_id WHERE a.email = $1 AND p.pool_type = 'Pool'`,
    [email],
  );
  const { rows: children } = await query(
    `SELECT c.id FROM accounts c JOIN accounts a ON a.id = c.parent_id WHERE a.email = $1 ORDER BY c.email LIMIT $2`,
    [email, stocked],
  );
  return [
    ...pools.map((row) => ({ targetId: String(row.id), isUser: false })),
    ...children.map((row) => ({ targetId: String(row.id), isUser: true })),
  ];
}

/** A lot for the organisation's Admin, then one unit to each target, through the API. */
async function stockThroughApi(portal: PortalProcess, targets: Target[]): Promise<string> {
  const { url } = portal;
  const admin = await tokenFor(portal, DASHBOARD_ORG.email);
  const superAdmin = await tokenFor(portal, 'superadmin@example.com');
  const [product] = await apiCall<{ code: string; editions: string[] }[]>(url, superAdmin, 'GET', '/License/products');
  if (!product?.editions[0]) throw new Error('no product in the catalogue');
  await apiCall(url, superAdmin, 'POST', '/License', {
    productCode: product.code,
    licenseTypeName: product.editions[0],
    durationType: 'Perpetual',
    usageType: 'NodeLockedForever',
    customerEmail: DASHBOARD_ORG.email,
    customerName: 'Dana Dashboard',
    startDate: new Date(Date.now() - 86_400_000).toISOString(),
    totalCount: 100_000,
    orderId: 'BENCH-DASHBOARD',
  });
  const [group] = await apiCall<{ groupKey: string; productCode: string }[]>(
    url,
    admin,
    'GET',
    '/LicenseAllocation/available-summary',
  );
  if (!group) throw new Error('the dashboard lot is not available to its Admin');
  for (const target of targets) {
    await apiCall(url, admin, 'POST', '/LicenseAllocation/allocate', {
      ...target,
      productAllocations: [{ groupKey: group.groupKey, productCode: group.productCode, quantity: 1 }],
    });
  }
  return admin;
}

/** Adds the organisation to a running portal on PostgreSQL; answers its Admin's token. */
export async function addDashboardOrgToPostgres(portal: PortalProcess, databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query: Query = (text, params) => client.query(text, params);
    await seedAccounts(query);
    return await stockThroughApi(portal, await targetsOf(query));
  } finally {
    await client.end();
  }
}

/**
 * An embedded portal whose data folder holds the organisation: started once to make the folder,
 * stopped, the accounts written into its PGlite (one process at a time), started again and stocked
 * through its API.
 */
export async function embeddedPortalWithDashboardOrg(
  env: Record<string, string>,
): Promise<{ portal: PortalProcess; admin: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-dashboard-'));
  const first = await startPortal({ ...env, DATA_DIR: dataDir });
  await first.stop();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  let targets: Target[];
  try {
    const query: Query = async (text, params) => ({
      rows: (await db.query<Record<string, unknown>>(text, params)).rows,
    });
    await seedAccounts(query);
    targets = await targetsOf(query);
  } finally {
    await db.close();
  }
  const portal = await startPortal({ ...env, DATA_DIR: dataDir });
  const stop = portal.stop.bind(portal);
  portal.stop = async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { portal, admin: await stockThroughApi(portal, targets) };
  } catch (error) {
    await portal.stop();
    throw error;
  }
}
