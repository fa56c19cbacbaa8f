import pg from 'pg';
import { load, type LoadFigures } from './http';

/**
 * Grows the admin's organisation to `accounts` accounts in a tree four levels deep, with a shared
 * pool per 50 accounts, straight in SQL (the API would spend an argon2 hash on each).
 */
export async function seedVolume(databaseUrl: string, accounts: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; password_hash: string }>(
      "SELECT id, password_hash FROM accounts WHERE email = 'admin@example.com'",
    );
    const admin = rows[0];
    if (!admin) throw new Error('no admin account');
    // Level 1: 1 in 10 of the accounts are Admins directly under admin; the rest hang below them.
    await client.query(
      `INSERT INTO accounts (email, name, password_hash, roles, parent_id)
       SELECT 'vol-admin-' || g || '@example.com', 'Volume Admin ' || g, $1, ARRAY['Admin'], $2::uuid
       FROM generate_series(1, $3::int) g`,
      [admin.password_hash, admin.id, Math.ceil(accounts / 10)],
    );
    await client.query(
      `INSERT INTO accounts (email, name, password_hash, roles, parent_id)
       SELECT 'vol-user-' || g || '@example.com', 'Volume User ' || g, $1, ARRAY['User'],
              (SELECT id FROM accounts WHERE email = 'vol-admin-' || (1 + g % $3::int) || '@example.com')
       FROM generate_series(1, $2::int) g`,
      [admin.password_hash, accounts - Math.ceil(accounts / 10), Math.ceil(accounts / 10)],
    );
    await client.query(`INSERT INTO pools (owner_id, name, description, pool_type)
      SELECT id, 'Default Pool', '', 'Default' FROM accounts WHERE email LIKE 'vol-%'`);
    await client.query(
      `INSERT INTO pools (owner_id, name, description, pool_type)
      SELECT $1::uuid, 'Volume pool ' || g, 'Benchmark pool ' || g, 'Pool' FROM generate_series(1, $2::int) g`,
      [admin.id, Math.ceil(accounts / 50)],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

export async function measureVolume(baseUrl: string, token: string, seconds: number): Promise<[string, LoadFigures][]> {
  const headers = { authorization: `Bearer ${token}` };
  const calls: [string, string][] = [
    ['Users list, page 1 of 10 rows', '/api/User/child-accounts?pageNumber=1&pageSize=10'],
    ['Users list, search "user 77"', '/api/User/child-accounts?pageNumber=1&pageSize=10&search=user%2077'],
    ['Users list, page 500 of 10 rows', '/api/User/child-accounts?pageNumber=500&pageSize=10'],
    ['Pools list, page 1 of 50', '/api/LicensePool?poolType=Pool&pageNumber=1&pageSize=50'],
  ];
  const results: [string, LoadFigures][] = [];
  for (const [name, path] of calls) {
    await load(`${baseUrl}${path}`, headers, 1);
    results.push([name, await load(`${baseUrl}${path}`, headers, seconds)]);
  }
  return results;
}
