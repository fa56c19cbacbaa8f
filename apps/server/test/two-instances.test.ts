import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { findLedgerViolations } from '../src/modules/stock';
import { DEMO_PASSWORD, freshPostgresUrl } from './helper';
import { type Instance, startInstance } from './instances';

/**
 * Two server processes on one PostgreSQL database, as compose.yaml runs them behind a
 * load balancer. Needs TEST_DATABASE_URL (the embedded database is one process by nature).
 */
const url = await freshPostgresUrl();
const ADDRESS_LIMIT = 6;

let a: Instance;
let b: Instance;
let handle: DatabaseHandle;

interface Answer {
  status: number;
  body: { success: boolean; message?: string; data?: unknown };
}

let addresses = 0;
/** Each sign-in from an address of its own (the load balancer's X-Forwarded-For), but where a test says. */
const anotherAddress = () => `10.11.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

async function call(
  instance: Instance,
  method: string,
  path: string,
  token?: string,
  body?: object,
  address = anotherAddress(),
): Promise<Answer> {
  const res = await fetch(`${instance.url}/api${path}`, {
    method,
    headers: {
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function login(instance: Instance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call(instance, 'POST', '/User/login', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const token = (res.body.data as { token: string }).token;
  await call(instance, 'POST', '/User/accept-eula', token);
  return token;
}

async function idOf(email: string): Promise<string> {
  const rows = rowsOf<{ id: string }>(await handle.db.execute(sql`SELECT id FROM accounts WHERE email = ${email}`));
  if (!rows[0]) throw new Error(`no account ${email}`);
  return rows[0].id;
}

/** How long until `instance` refuses `token` on `path`; fails past a second. */
async function refusedWithin(instance: Instance, token: string, path = '/User/me'): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await call(instance, 'GET', path, token);
    if (res.status === 401) return Date.now() - started;
    if (Date.now() - started > 1000) throw new Error('still accepted after one second');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!url)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    const env = { DATABASE_URL: url ?? '', RATE_LIMIT_PER_ADDRESS: String(ADDRESS_LIMIT), TRUST_PROXY: '1' };
    a = await startInstance({ ...env, SEED_DEMO: 'true', DEMO_PASSWORD });
    b = await startInstance({ ...env, SEED_DEMO: 'false' });
    handle = openPostgres(url ?? '', 2);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await handle?.close();
  });

  it('a session made on one works on the other', async () => {
    const token = await login(a, 'user@example.com');
    const res = await call(b, 'GET', '/User/me', token);
    expect(res.status).toBe(200);
    expect((res.body.data as { email: string }).email).toBe('user@example.com');
  });

  it('a logout on one is refused on the other within a second', async () => {
    const token = await login(a, 'user2@example.com');
    expect((await call(b, 'GET', '/User/me', token)).status).toBe(200);
    expect((await call(b, 'GET', '/User/me', token)).status).toBe(200);
    expect((await call(a, 'POST', '/User/logout', token)).status).toBe(200);
    expect(await refusedWithin(b, token)).toBeLessThan(1000);
  });

  it('a password change on one ends the sessions held on the other within a second', async () => {
    const other = await login(b, 'auditor@example.com');
    expect((await call(b, 'GET', '/User/me', other)).status).toBe(200);
    const changer = await login(a, 'auditor@example.com');
    const newPassword = 'a-new-passphrase-for-two-instances';
    const res = await call(a, 'POST', '/User/change-password', changer, {
      oldPassword: DEMO_PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(200);
    expect(await refusedWithin(b, other)).toBeLessThan(1000);
    expect(await login(b, 'auditor@example.com', newPassword)).toBeTruthy();
  });

  it('a deactivation on one is refused on the other within a second', async () => {
    const admin = await login(a, 'admin@example.com');
    const token = await login(b, 'user@example.com');
    expect((await call(b, 'GET', '/User/me', token)).status).toBe(200);
    const childId = await idOf('user@example.com');
    const off = await call(a, 'POST', '/User/toggle-child-status', admin, { childId, active: false });
    expect(off.status).toBe(200);
    expect(await refusedWithin(b, token)).toBeLessThan(1000);
    await call(a, 'POST', '/User/toggle-child-status', admin, { childId, active: true });
  });

  it('an API key revoked on one is refused on the other within a second', async () => {
    const admin = await login(a, 'admin@example.com');
    const made = await call(a, 'POST', '/ApiKey', admin, { name: 'Two instances', scopes: ['read'] });
    const { id, key } = made.body.data as { id: string; key: string };
    // Read twice on b: the second answer comes from b's cache.
    expect((await call(b, 'GET', '/License/products', key)).status).toBe(200);
    expect((await call(b, 'GET', '/License/products', key)).status).toBe(200);
    expect((await call(a, 'DELETE', `/ApiKey/${id}`, admin)).status).toBe(200);
    expect(await refusedWithin(b, key, '/License/products')).toBeLessThan(1000);
  });

  it('counts the address rate limit across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT + 2; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      const res = await call(
        instance,
        'POST',
        '/User/login',
        undefined,
        { email: `nobody-${i}@example.com`, password: 'not-the-password' },
        '192.0.2.77',
      );
      statuses.push(res.status);
    }
    // Wrong credentials are a 400 (docs/decisions/001-sessions-and-status-codes.md); past the limit, whichever instance is asked, a 429.
    expect(statuses).toEqual([...Array<number>(ADDRESS_LIMIT).fill(400), 429, 429]);
  });

  it('keeps the ledger whole under allocations sent to both at once', async () => {
    const admin = [await login(a, 'admin@example.com'), await login(b, 'admin@example.com')];
    const summary = await call(a, 'GET', '/LicenseAllocation/available-summary', admin[0]);
    const groups = summary.body.data as { groupKey: string; productCode: string; availableCount: number }[];
    const group = groups.find((g) => g.availableCount >= 40);
    if (!group) throw new Error('no demo group with 40 units');
    const targets = [await idOf('user@example.com'), await idOf('user2@example.com')];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 === 0 ? a : b, 'POST', '/LicenseAllocation/allocate', admin[i % 2], {
          targetId: targets[Math.floor(i / 2) % 2],
          isUser: true,
          productAllocations: [{ groupKey: group.groupKey, productCode: group.productCode, quantity: 1 }],
        }),
      ),
    );
    expect(answers.map((x) => x.status).filter((s) => s !== 200)).toEqual([]);
    expect(await findLedgerViolations(handle.db)).toEqual([]);
    const after = await call(b, 'GET', '/LicenseAllocation/available-summary', admin[1]);
    const left = (after.body.data as { groupKey: string; availableCount: number }[]).find(
      (g) => g.groupKey === group.groupKey,
    );
    expect(left?.availableCount).toBe(group.availableCount - 40);
  }, 120_000);

  it('a stopped instance loses no acknowledged write', async () => {
    const admin = await login(a, 'admin@example.com');
    const acknowledged: string[] = [];
    let stopped = false;
    const worker = async (n: number) => {
      for (let i = 0; !stopped; i += 1) {
        const email = `stop-${n}-${i}@example.com`;
        try {
          const res = await call(a, 'POST', '/User/create-child-account', admin, { name: `Stop ${n} ${i}`, email });
          if (res.status === 200) acknowledged.push(email);
          else if (res.status !== 503) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
        } catch (error) {
          if (error instanceof TypeError) return; // the connection was refused or closed: not acknowledged
          throw error;
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, n) => worker(n));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stopped = true;
    const code = await a.stop();
    await Promise.all(workers);
    expect(code).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(5);
    const rows = rowsOf<{ email: string }>(
      await handle.db.execute(sql`SELECT email FROM accounts WHERE email LIKE 'stop-%'`),
    );
    const stored = new Set(rows.map((row) => row.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    // The other instance goes on serving.
    expect((await call(b, 'GET', '/health')).status).toBe(200);
  }, 60_000);
});
