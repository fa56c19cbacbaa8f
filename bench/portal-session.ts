import pg from 'pg';
import { DEMO_PASSWORD } from '../e2e/support/browser';
import type { PortalProcess } from '../e2e/support/server';

/** A demo account's token on a running portal, its EULA accepted (business calls wait for it). */
export async function tokenFor(portal: PortalProcess, email = 'admin@example.com'): Promise<string> {
  const res = await fetch(`${portal.url}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  await fetch(`${portal.url}/api/User/accept-eula`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return token;
}

/** A new empty database on the PostgreSQL server at `serverUrl`, named after `prefix` and this process. */
export async function freshDatabase(
  serverUrl: string,
  prefix = 'portal_bench',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
