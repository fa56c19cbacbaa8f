import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS as ENDPOINTS } from './all-endpoints';
import { pathOf, ROUTES } from './routes';

describe('the endpoint table', () => {
  it('names each method and path once', () => {
    const keys = Object.values(ROUTES).map((r) => `${r.method} ${r.path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every endpoint the route of the same name', () => {
    for (const [name, route] of Object.entries(ROUTES)) {
      const endpoint = ENDPOINTS[name as keyof typeof ROUTES];
      expect({ method: endpoint.method, path: endpoint.path }, name).toEqual(route);
    }
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathOf(ROUTES.poolUsers, { poolId: 'a b/c' })).toBe('/LicensePool/a%20b%2Fc/users');
    expect(() => pathOf(ROUTES.poolUsers)).toThrow(/poolId/);
    expect(pathOf(ROUTES.me)).toBe('/User/me');
  });
});
