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

/** A call of the portal's API with a bearer token; its envelope's data, or an error naming the call. */
export async function apiCall<T>(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${url}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${json.message ?? ''}`);
  return json.data;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Health checks one after the other until `stop()`: their latencies. */
export function probe(url: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      // A portal killed on purpose answers nothing: that call is not counted.
      const ok = await fetch(`${url}/api/health`)
        .then((r) => r.arrayBuffer())
        .then(() => true)
        .catch(() => false);
      if (!ok) continue;
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}
