import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@portal/contracts/envelope';
import type { RouteGuard } from '../src/plugins/authorize';
import { bearer, createTestContext, type TestContext } from './helper';
import { acceptEula, addAccount, addSharedPool, idOf } from './fixtures';

/**
 * Every route of the server's route table against a fixed corpus of malformed input, signed in as
 * a SuperAdmin and as an Admin (issue 7). A 5xx, an answer outside the envelope or without the
 * API headers, or a 4xx that changed stored data fails it.
 */
interface Probe {
  name: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const MEGABYTE = 'a'.repeat(1_000_000);
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Values put in each named field of a body, as JSON text. */
const FIELD_VALUES: Record<string, string> = {
  number: '123',
  negative: '-1',
  huge: '1e308',
  boolean: 'true',
  null: 'null',
  array: '[]',
  object: '{}',
  nul: JSON.stringify('a\u0000b'),
  'lone surrogate': '"\\ud800x"',
  megabyte: JSON.stringify(MEGABYTE),
  traversal: JSON.stringify('../../../etc/passwd'),
  injection: JSON.stringify("' OR 1=1 --"),
  'deep nesting': deep(2_000),
};

/** Whole bodies, as sent. */
const BODIES: Record<string, string> = {
  array: '[]',
  string: '"text"',
  number: '42',
  null: 'null',
  'deep object': deep(10_000),
  'deep array': deepArray(10_000),
  'proto pollution': '{"__proto__":{"isSuperAdmin":true}}',
  'constructor pollution': '{"constructor":{"prototype":{"isSuperAdmin":true}}}',
  'megabyte unknown field': JSON.stringify({ x: MEGABYTE }),
  'not JSON': '{"a":',
  'over the limit': JSON.stringify({ x: 'a'.repeat(1_100_000) }),
};

const QUERIES = [
  'pageNumber=99999999999999999999',
  'pageNumber=-1',
  'pageNumber=1e400',
  'pageSize=0',
  'pageSize=abc',
  'search=%00',
  `search=${'a'.repeat(100_000)}`,
  'search=a&search=b',
  'search[a]=1',
  '__proto__=x',
  'constructor=x',
  'token=%00',
  'eligibleForPoolId=..%2F..%2Fetc%2Fpasswd',
  'poolType=Pool%00',
  'a=%ZZ',
  'unknown=1',
];

const HEADERS: Record<string, Record<string, string>> = {
  'text/plain': { 'content-type': 'text/plain' },
  multipart: { 'content-type': 'multipart/form-data; boundary=x' },
  'form-urlencoded': { 'content-type': 'application/x-www-form-urlencoded' },
  'json, utf-16': { 'content-type': 'application/json; charset=utf-16' },
  gzip: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  'forwarded garbage': { 'x-forwarded-for': '../../etc, %00, 999.999.1.1' },
  'long bearer': { authorization: `Bearer ${'x'.repeat(5_000)}` },
  'basic auth': { authorization: 'Basic YWRtaW46YWRtaW4=' },
};

const PARAMS = ['..%2F..%2Fetc%2Fpasswd', '%00', "'%20OR%201=1--", '00000000-0000-0000-0000-000000000000', '%2e%2e'];

interface Node {
  _zod: { def: { type: string; shape?: Record<string, unknown>; innerType?: Node; in?: Node } };
}
/** The field names of a body or query schema. */
function fieldsOf(schema: unknown): string[] {
  let node = schema as Node | undefined;
  while (node && node._zod.def.type !== 'object') node = node._zod.def.innerType ?? node._zod.def.in;
  return Object.keys(node?._zod.def.shape ?? {});
}

/** Bodies of calls that would succeed, so that one malformed field is the only fault. */
function validBodies(ids: { target: string; pool: string }): Record<string, object> {
  return {
    'POST /api/User/login': { email: 'admin@example.com', password: 'not the password' },
    'POST /api/User/forgot-password': { email: 'fuzz@example.com' },
    'POST /api/User/change-password': { oldPassword: 'wrong', newPassword: 'a passphrase', confirmPassword: 'x' },
    'POST /api/User/create-child-account': { name: 'Fuzz', email: 'fuzz.child@example.com', roles: 'User' },
    'POST /api/User/update-pool': { userId: ids.target, licensePoolId: null },
    'POST /api/User/update-roles': { userId: ids.target, roles: ['User'] },
    'POST /api/User/toggle-child-status': { childId: ids.target, active: true },
    'POST /api/User/set-child-password': { childId: ids.target, generateSystemPassword: true },
    'PUT /api/User/update-email': { userId: ids.target, newEmail: 'fuzz.target@example.com', newAccountName: 'T' },
    'POST /api/LicensePool': { name: 'Fuzz pool', description: 'fuzz' },
    'POST /api/LicensePool/manage-accounts': { poolId: ids.pool, addUserIds: [ids.target] },
  };
}

function probesFor(route: RouteGuard, path: string, base: object | undefined): Probe[] {
  const json = { 'content-type': 'application/json' };
  const probes: Probe[] = QUERIES.map((query) => ({ name: `query ${query.slice(0, 40)}`, url: `${path}?${query}` }));
  for (const value of PARAMS) {
    if (route.url.includes(':')) probes.push({ name: `param ${value}`, url: route.url.replace(/:[^/]+/, value) });
  }
  if (route.method === 'GET') return probes;
  for (const [name, headers] of Object.entries(HEADERS)) {
    probes.push({ name: `header ${name}`, url: path, headers, payload: JSON.stringify(base ?? {}) });
  }
  for (const [name, payload] of Object.entries(BODIES))
    probes.push({ name: `body ${name}`, url: path, headers: json, payload });
  const baseText = JSON.stringify(base ?? {}).slice(1, -1);
  for (const field of fieldsOf(route.schema?.body)) {
    for (const [name, value] of Object.entries(FIELD_VALUES)) {
      const payload = `{${baseText ? `${baseText},` : ''}"${field}":${value}}`;
      probes.push({ name: `${field} ${name}`, url: path, headers: json, payload });
    }
  }
  return probes;
}

let ctx: TestContext;
let ids: { target: string; pool: string };

/** What a refused request must leave as it was: accounts and pools in full, the rest counted. */
async function stored(): Promise<string> {
  const result = (await ctx.handle.db.execute(sql`select
    (select md5(coalesce(string_agg(a::text, ',' order by a.id), '')) from accounts a) as accounts,
    (select md5(coalesce(string_agg(p::text, ',' order by p.id), '')) from pools p) as pools,
    (select count(*) from account_closure) as closure,
    (select count(*) from sessions) as sessions,
    (select count(*) from account_tokens) as tokens,
    (select count(*) from two_factor_challenges) as challenges`)) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows[0]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, ['superadmin@example.com', 'admin@example.com']);
  const admin = await idOf(db, 'admin@example.com');
  ids = {
    target: await addAccount(db, { email: 'fuzz.target@example.com', roles: ['User'], parentId: admin }),
    pool: await addSharedPool(db, admin, 'Fuzz target pool'),
  };
});
afterAll(() => ctx.close());

describe('the fuzz corpus', () => {
  it('never answers 5xx or outside the envelope, and a refusal changes nothing', async () => {
    const routes = ctx.app.routeGuards.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs'));
    const bases = validBodies(ids);
    const failures: string[] = [];
    let sent = 0;
    for (const email of ['superadmin@example.com', 'admin@example.com']) {
      let token = await ctx.login(email);
      let before = await stored();
      for (const route of routes) {
        const path = route.url.replace(/:[^/]+/, ids.pool);
        for (const probe of probesFor(route, path, bases[`${route.method} ${route.url}`])) {
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: probe.url,
            headers: { ...bearer(token), ...probe.headers },
            ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          });
          sent += 1;
          const where = `${email} ${route.method} ${route.url} [${probe.name}] ${res.statusCode}`;
          const fault = faultOf(res);
          if (fault) failures.push(`${where}: ${fault} ${res.body.slice(0, 160)}`);
          // Each answer's state is the next request's starting point: one snapshot per request.
          // A GET never writes (the mailed link's writes answer 303): its snapshot is skipped.
          if (route.method !== 'GET') {
            const after = await stored();
            if (res.statusCode >= 400 && res.statusCode < 500 && after !== before) {
              failures.push(`${where}: a refused request changed stored data`);
            }
            before = after;
          }
        }
        // Logout (and anything else that ends the session) must not blind the rest of the run.
        if ((await ctx.app.inject({ url: '/api/User/me', headers: bearer(token) })).statusCode !== 200) {
          token = await ctx.login(email);
          before = await stored();
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  }, 240_000);
});

function faultOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return 'a server error';
  if (res.headers['x-content-type-options'] !== 'nosniff' || res.headers['cache-control'] !== 'no-store') {
    return 'the API headers are missing';
  }
  if (res.statusCode === 303) return null; // The mailed link's redirect to the web app.
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'a body that is not JSON';
  }
  if (res.statusCode >= 400) return errorEnvelopeSchema.strict().safeParse(body).success ? null : 'no failure envelope';
  const ok = typeof body === 'object' && body !== null && 'success' in body && body.success === true && 'data' in body;
  return ok ? null : 'no success envelope';
}
