import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS as ENDPOINTS } from '@portal/contracts/all-endpoints';
import type { Endpoint } from '@portal/contracts/endpoints';
import { errorEnvelopeSchema } from '@portal/contracts/envelope';
import { bearer, createTestContext, type TestContext } from './helper';
import { createApiKey } from '../src/core/api-keys';
import { acceptEula, addAccount, addSharedPool, idOf } from './fixtures';
import { assertionOf, newSoftPasskey, registrationOf } from './soft-authenticator';

/**
 * Every endpoint of the contracts' endpoint table (the server registers its routes from it)
 * against a fixed corpus of malformed input, signed in as
 * a SuperAdmin and as an Admin. A 5xx, an answer outside the envelope or without the
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
function validBodies(ids: { target: string; pool: string }): Partial<Record<keyof typeof ENDPOINTS, object>> {
  return {
    login: { email: 'admin@example.com', password: 'not the password' },
    forgotPassword: { email: 'fuzz@example.com' },
    changePassword: { oldPassword: 'wrong', newPassword: 'a passphrase', confirmPassword: 'x' },
    createChildAccount: { name: 'Fuzz', email: 'fuzz.child@example.com', roles: 'User' },
    createAccountImport: {
      fileName: 'fuzz.csv',
      csv: 'Name,Email,Pool\nFuzz Import,fuzz.import@example.com,Fuzz target pool',
    },
    createBulk: { targetType: 'User', ids: [ids.target], action: { kind: 'status', active: true } },
    updatePool: { userId: ids.target, licensePoolId: null },
    updateRoles: { userId: ids.target, roles: ['User'] },
    toggleChildStatus: { childId: ids.target, active: true },
    setChildPassword: { childId: ids.target, generateSystemPassword: true },
    updateEmail: { userId: ids.target, newEmail: 'fuzz.target@example.com', newAccountName: 'T' },
    createPool: { name: 'Fuzz pool', description: 'fuzz' },
    managePoolAccounts: { poolId: ids.pool, addUserIds: [ids.target] },
    report: { viewType: 'Machine' },
    releaseMachine: { machineName: 'FUZZ-01' },
    blockMachine: { machineName: 'FUZZ-01' },
    unblockMachine: { machineName: 'FUZZ-01' },
    // The completeness fields (decision 044) in a valid folder, so that each fuzzed field is the only fault.
    agentMailboxProgress: {
      folders: [
        {
          folderPath: '/Inbox',
          totalItems: 3,
          migratedItems: 2,
          failedItems: 0,
          filteredItems: 0,
          sourceItems: 3,
          destinationItems: 2,
          skipped: [{ category: 'Corrupt', count: 1, samples: ['fuzz'] }],
        },
      ],
    },
    createApiKey: { name: 'Fuzz key', scopes: ['read'] },
    createSavedView: { name: 'Fuzz view', page: '/child-accounts', query: 'filter=fuzz' },
    updateSavedView: { name: 'Fuzz view renamed' },
    pinSavedView: { pinned: true },
    setTimeZone: { timeZone: 'Europe/Berlin' },
    setLanguage: { locale: 'ja' },
    agentRegisterMachine: { name: 'FUZZ-02' },
    updateSsoSettings: {
      issuer: 'https://idp.fuzz.example',
      clientId: 'fuzz',
      clientSecret: 'fuzz secret',
      domains: ['fuzz-sso.example'],
    },
    testSso: { issuer: 'https://127.0.0.1:9' },
    ssoExchange: { code: 'unknown-code' },
    passkeyAdd: { name: 'Fuzz', response: registrationOf(newSoftPasskey(), { challenge: 'fuzz' }) },
    passkeyRename: { name: 'Fuzz' },
    passkeyLogin: {
      challengeId: '00000000-0000-4000-8000-000000000000',
      response: assertionOf(newSoftPasskey(), { challenge: 'fuzz' }),
    },
  };
}

function probesFor(endpoint: Endpoint, path: string, base: object | undefined): Probe[] {
  const json = { 'content-type': 'application/json' };
  const probes: Probe[] = QUERIES.map((query) => ({ name: `query ${query.slice(0, 40)}`, url: `${path}?${query}` }));
  for (const value of PARAMS) {
    if (path !== urlOf(endpoint)) probes.push({ name: `param ${value}`, url: urlOf(endpoint, value) });
  }
  if (endpoint.method === 'GET') return probes;
  for (const [name, headers] of Object.entries(HEADERS)) {
    probes.push({ name: `header ${name}`, url: path, headers, payload: JSON.stringify(base ?? {}) });
  }
  for (const [name, payload] of Object.entries(BODIES))
    probes.push({ name: `body ${name}`, url: path, headers: json, payload });
  const baseText = JSON.stringify(base ?? {}).slice(1, -1);
  for (const field of fieldsOf(endpoint.body)) {
    for (const [name, value] of Object.entries(FIELD_VALUES)) {
      const payload = `{${baseText ? `${baseText},` : ''}"${field}":${value}}`;
      probes.push({ name: `${field} ${name}`, url: path, headers: json, payload });
    }
  }
  return probes;
}

/** The endpoint's address under `/api`, its path parameter (if any) filled with `param`. */
const urlOf = (endpoint: Endpoint, param?: string) =>
  `/api${param === undefined ? endpoint.path : endpoint.path.replace(/:[^/]+/, param)}`;

let ctx: TestContext;
let ids: { target: string; pool: string };

/** What a refused request must leave as it was: accounts and pools in full, the rest counted. */
async function stored(): Promise<string> {
  // The two drivers type execute() apart; both answer { rows }.
  const answer: unknown = await ctx.handle.db.execute(sql`select
    (select md5(coalesce(string_agg(a::text, ',' order by a.id), '')) from accounts a) as accounts,
    (select md5(coalesce(string_agg(p::text, ',' order by p.id), '')) from pools p) as pools,
    (select count(*) from account_closure) as closure,
    (select count(*) from sessions) as sessions,
    (select count(*) from account_tokens) as tokens,
    (select count(*) from two_factor_challenges) as challenges,
    (select count(*) from api_keys where revoked_at is null) as keys,
    (select count(*) from webhook_endpoints) as webhooks,
    (select count(*) from account_imports) as imports,
    (select count(*) from bulk_operations) as bulk,
    (select md5(coalesce(string_agg(v::text, ',' order by v.id), '')) from saved_views v) as views,
    (select count(*) from saved_view_pins) as pins,
    (select md5(coalesce(string_agg(c::text, ',' order by c.tenant_id), '')) from sso_connections c) as sso,
    (select md5(coalesce(string_agg(d::text, ',' order by d.domain), '')) from sso_domains d) as sso_domains,
    (select count(*) from passkeys) as passkeys`);
  return JSON.stringify((answer as { rows: unknown[] }).rows[0]);
}

// PGlite only: PGlite is PostgreSQL's own engine, so running this on PostgreSQL adds nothing to
// input handling and costs two minutes in CI. CI runs it on PGlite.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the fuzz corpus', () => {
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

  it('never answers 5xx or outside the envelope, and a refusal changes nothing', async () => {
    const bases = validBodies(ids);
    const failures: string[] = [];
    let sent = 0;
    // The two roles that reach the most, and an API key of the Admin's with both scopes.
    const admin = await idOf(ctx.handle.db, 'admin@example.com');
    const { key } = await createApiKey(ctx.handle.db, {
      accountId: admin,
      name: 'Fuzz',
      scopes: ['agent', 'read'],
      expiresInDays: 30,
      now: ctx.clock.now(),
    });
    for (const email of ['superadmin@example.com', 'admin@example.com', key]) {
      const isKey = email === key;
      let token = isKey ? key : await ctx.login(email);
      let before = await stored();
      for (const [name, endpoint] of Object.entries(ENDPOINTS) as [keyof typeof ENDPOINTS, Endpoint][]) {
        const path = urlOf(endpoint, ids.pool);
        for (const probe of probesFor(endpoint, path, bases[name])) {
          const res = await ctx.app.inject({
            method: endpoint.method,
            url: probe.url,
            headers: { ...bearer(token), ...probe.headers },
            ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          });
          sent += 1;
          const where = `${isKey ? 'API key' : email} ${endpoint.method} ${endpoint.path} [${probe.name}] ${res.statusCode}`;
          const fault = faultOf(res);
          if (fault) failures.push(`${where}: ${fault} ${res.body.slice(0, 160)}`);
          // Each answer's state is the next request's starting point: one snapshot per request.
          // A GET never writes (the mailed link's writes answer 303): its snapshot is skipped.
          if (endpoint.method !== 'GET') {
            const after = await stored();
            if (res.statusCode >= 400 && res.statusCode < 500 && after !== before) {
              failures.push(`${where}: a refused request changed stored data`);
            }
            before = after;
          }
        }
        // Logout (and anything else that ends the session) must not blind the rest of the run.
        if (!isKey && (await ctx.app.inject({ url: '/api/User/me', headers: bearer(token) })).statusCode !== 200) {
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
  if (res.statusCode === 302) return null; // Single sign-on's redirects (decision 038).
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
