import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS as ENDPOINTS } from '@portal/contracts/all-endpoints';
import { hasNoNul } from '@portal/contracts/fields';
import { bearer, createTestContext, type TestContext } from './helper';
import { acceptEula, addAccount, addSharedPool, idOf, snapshot } from './fixtures';

/** The zod internals the walk reads: enough of `_zod.def` to find every string and object. */
interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { fn?: unknown } } }[];
  shape?: Record<string, Node>;
  catchall?: Node;
  innerType?: Node;
  in?: Node;
  out?: Node;
  element?: Node;
  options?: Node[];
}
interface Node {
  _zod: { def: Def };
}

/** Formats whose own pattern cannot hold a NUL (hex digits, an email address, an ISO date-time). */
const SAFE_FORMATS = new Set(['uuid', 'guid', 'email', 'datetime']);
/** Objects that may carry fields they do not name: the mailed link, which gateways append to. */
const LOOSE = new Set([
  'GET /api/User/confirm-email querystring',
  'confirmEmailLink query',
  // Single sign-on's browser addresses (decision 038): a provider adds its own parameters
  // (session_state, iss…), and a refusal is a redirect to the login page, never a JSON 400.
  'GET /api/Sso/start querystring',
  'ssoStart query',
  'GET /api/Sso/callback querystring',
  'ssoCallback query',
]);

/** Every string that may accept NUL and every object that drops unknown fields, by path. */
function weakSpots(node: Node, path: string, looseAllowed: boolean): string[] {
  const def = node._zod.def;
  switch (def.type) {
    case 'string': {
      const guarded = def.checks?.some((c) => c._zod.def.fn === hasNoNul) || SAFE_FORMATS.has(def.format ?? '');
      return guarded ? [] : [`${path}: a string that accepts NUL (build it with text())`];
    }
    case 'object': {
      const strict = def.catchall?._zod.def.type === 'never';
      const own = strict || looseAllowed ? [] : [`${path}: an object that drops unknown fields (use inputObject)`];
      const inner = Object.entries(def.shape ?? {}).flatMap(([key, child]) =>
        weakSpots(child, `${path}.${key}`, false),
      );
      return [...own, ...inner];
    }
    case 'pipe':
      return [...weakSpots(def.in!, path, looseAllowed), ...weakSpots(def.out!, path, looseAllowed)];
    case 'array':
      return weakSpots(def.element!, `${path}[]`, false);
    case 'union':
      return (def.options ?? []).flatMap((option) => weakSpots(option, path, looseAllowed));
    default:
      return def.innerType ? weakSpots(def.innerType, path, looseAllowed) : [];
  }
}

let ctx: TestContext;
let admin: string;
let ids: { user: string; otherOrg: string; pool: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.handle.db;
  await acceptEula(db, ['admin@example.com']);
  const otherAdmin = await addAccount(db, { email: 'other.admin@example.com', roles: ['Admin'] });
  ids = {
    user: await idOf(db, 'user@example.com'),
    otherOrg: otherAdmin,
    pool: await addSharedPool(db, await idOf(db, 'admin@example.com'), 'Guarded pool'),
  };
  admin = await ctx.login('admin@example.com');
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

describe('the request schemas of every route', () => {
  it('of the endpoint table refuse NUL in every string and unknown fields in every object', () => {
    const spots = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) =>
      (['body', 'query', 'params'] as const).flatMap((part) => {
        const node = (endpoint as Partial<Record<typeof part, Node>>)[part];
        const where = `${name} ${part}`;
        return node ? weakSpots(node, where, LOOSE.has(where)) : [];
      }),
    );
    expect(spots).toEqual([]);
  });

  it('are those of the endpoint table, and the server registers every endpoint', () => {
    const registered = new Map(ctx.app.routeGuards.map((route) => [`${route.method} ${route.url}`, route.schema]));
    const drift = Object.entries(ENDPOINTS).flatMap(([name, endpoint]) => {
      const key = `${endpoint.method} /api${endpoint.path}`;
      if (!registered.has(key)) return [`${name}: not registered`];
      const schema = registered.get(key);
      const own = endpoint as { body?: unknown; query?: unknown; params?: unknown };
      const differs = [
        own.body && schema?.body !== own.body ? 'body' : null,
        own.query && schema?.querystring !== own.query ? 'query' : null,
        own.params && schema?.params !== own.params ? 'params' : null,
      ];
      return differs.filter((part) => part !== null).map((part) => `${name}: its ${part} is not the table's`);
    });
    expect(drift).toEqual([]);
  });

  it('as registered (with the defaults of routes that declare none) refuse NUL and unknown fields', () => {
    const spots = ctx.app.routeGuards.flatMap(({ method, url, schema }) =>
      (['body', 'querystring', 'params'] as const).flatMap((part) => {
        const node = schema?.[part] as Node | undefined;
        const where = `${method} ${url} ${part}`;
        return node ? weakSpots(node, where, LOOSE.has(where)) : [];
      }),
    );
    expect(spots).toEqual([]);
  });
});

describe('a NUL character', () => {
  it.each([
    ['GET', '/api/User/child-accounts?search=%00', undefined, 'search'],
    ['GET', '/api/LicensePool?search=a%00b', undefined, 'search'],
    ['POST', '/api/User/create-child-account', { name: 'a\u0000b', email: 'nul@example.com' }, 'name'],
    ['POST', '/api/LicensePool', { name: 'a\u0000b', description: 'd' }, 'name'],
    ['POST', '/api/LicensePool', { name: 'n', description: 'a\u0000b' }, 'description'],
  ] as const)('%s %s is a 400 naming the field', async (method, url, payload, field) => {
    const before = await snapshot(ctx.handle.db);
    const res = await send(method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: `${field} must not contain a NUL character.`,
      errors: [{ field, message: `${field} must not contain a NUL character.` }],
    });
    expect(await snapshot(ctx.handle.db)).toBe(before);
  });

  it('in update-email newAccountName is a 400 naming the field', async () => {
    const res = await send('PUT', '/api/User/update-email', {
      userId: ids.user,
      newEmail: 'user@example.com',
      newAccountName: 'a\u0000b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'newAccountName', message: 'newAccountName must not contain a NUL character.' },
    ]);
  });
});

describe('an unknown body field', () => {
  it('update-roles with isSuperAdmin is a 400 naming it, and changes nothing', async () => {
    const before = await snapshot(ctx.handle.db);
    const res = await send('POST', '/api/User/update-roles', {
      userId: ids.user,
      roles: ['Admin'],
      isSuperAdmin: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Unknown field: isSuperAdmin.',
      errors: [{ field: 'isSuperAdmin', message: 'Unknown field: isSuperAdmin.' }],
      requestId: expect.any(String),
    });
    expect(await snapshot(ctx.handle.db)).toBe(before);
  });

  it("create-child-account with another organisation's parentId is a 400, and creates nothing", async () => {
    const before = await snapshot(ctx.handle.db);
    const res = await send('POST', '/api/User/create-child-account', {
      name: 'Planted',
      email: 'planted@example.com',
      parentId: ids.otherOrg,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'parentId', message: 'Unknown field: parentId.' }]);
    expect(await snapshot(ctx.handle.db)).toBe(before);
  });

  it('in a query is a 400 naming it', async () => {
    const res = await send('GET', '/api/LicensePool?poolType=Pool&isSuperAdmin=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'isSuperAdmin', message: 'Unknown field: isSuperAdmin.' }]);
  });

  it('sent to a route that declares no query or body is a 400 naming it', async () => {
    const query = await send('GET', '/api/User/me?isSuperAdmin=1');
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual([{ field: 'isSuperAdmin', message: 'Unknown field: isSuperAdmin.' }]);
    const body = await send('POST', '/api/User/decline-eula', { reason: 'x' });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual([{ field: 'reason', message: 'Unknown field: reason.' }]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/User/decline-eula', headers: bearer(admin) })).statusCode,
    ).toBe(200);
  });

  it('in a manage-accounts body is a 400 naming it', async () => {
    const res = await send('POST', '/api/LicensePool/manage-accounts', { poolId: ids.pool, extra: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'extra', message: 'Unknown field: extra.' }]);
  });
});
