import { describe, expect, it } from 'vitest';
import {
  canOpenPage,
  hasPermission,
  keyScopeOf,
  PAGE_ROLES,
  type Permission,
  PERMISSIONS,
  READ_PERMISSIONS,
} from './permissions';
import { ROLES } from './roles';

describe('the permission table', () => {
  it('names only known roles', () => {
    for (const roles of [...Object.values(PERMISSIONS), ...Object.values(PAGE_ROLES)]) {
      for (const role of roles) expect(ROLES).toContain(role);
    }
  });

  it('lets only Admin and SuperAdmin write', () => {
    const writes = ['child-accounts:write', 'pools:write', 'licenses:create', 'allocations:write'] as const;
    for (const permission of writes) {
      expect(hasPermission(['Admin'], permission)).toBe(true);
      expect(hasPermission(['SuperAdmin'], permission)).toBe(true);
      expect(hasPermission(['Auditor'], permission)).toBe(false);
      expect(hasPermission(['User'], permission)).toBe(false);
    }
  });

  it('lets Auditors read accounts, pools and licenses but nothing SuperAdmin-only', () => {
    expect(hasPermission(['Auditor'], 'child-accounts:read')).toBe(true);
    expect(hasPermission(['Auditor'], 'pools:read')).toBe(true);
    expect(hasPermission(['Auditor'], 'licenses:read')).toBe(true);
    expect(hasPermission(['Auditor'], 'accounts:read-all')).toBe(false);
    expect(hasPermission(['Admin'], 'usage-report:read')).toBe(false);
    expect(hasPermission(['SuperAdmin'], 'usage-report:read')).toBe(true);
  });

  it('opens the signed-in basics to every role', () => {
    for (const role of ROLES) {
      for (const permission of ['self:read', 'dashboard:read', 'movements:read', 'reports:read'] as const) {
        expect(hasPermission([role], permission)).toBe(true);
      }
    }
  });

  it('grants no write to an account that also has the Auditor role', () => {
    const writes = (Object.keys(PERMISSIONS) as Permission[]).filter(
      (p) => !(READ_PERMISSIONS as readonly string[]).includes(p),
    );
    expect(writes).toEqual(expect.arrayContaining(['agent:write', 'allocations:write', 'pools:write']));
    for (const permission of writes) {
      for (const other of ['User', 'Admin', 'SuperAdmin'] as const) {
        expect(hasPermission(['Auditor', other], permission)).toBe(false);
        expect(hasPermission([other, 'Auditor'], permission)).toBe(false);
      }
    }
    expect(hasPermission(['Auditor', 'User'], 'reports:read')).toBe(true);
    expect(hasPermission(['Auditor', 'User'], 'forecast:read')).toBe(true);
  });

  it('denies a caller with no roles or an unknown role', () => {
    expect(hasPermission([], 'self:read')).toBe(false);
    expect(hasPermission(['Root'], 'accounts:read-all')).toBe(false);
  });

  it('opens Admin pages to Admin and Auditor and SuperAdmin pages to SuperAdmin only', () => {
    expect(canOpenPage(['Admin'], '/child-accounts')).toBe(true);
    expect(canOpenPage(['Auditor'], '/license-pools')).toBe(true);
    expect(canOpenPage(['User'], '/licenses')).toBe(false);
    expect(canOpenPage(['SuperAdmin'], '/licenses')).toBe(false);
    expect(canOpenPage(['SuperAdmin'], '/users')).toBe(true);
    expect(canOpenPage(['Admin'], '/license-usage-report')).toBe(false);
  });
});

describe('the scopes of an API key', () => {
  it('opens the agent calls to `agent` and every read but the own profile to `read`', () => {
    expect(keyScopeOf('agent:write')).toBe('agent');
    for (const permission of READ_PERMISSIONS) {
      expect(keyScopeOf(permission)).toBe(permission === 'self:read' ? null : 'read');
    }
  });

  it('never opens a write, key management or the own profile, password and EULA', () => {
    const closed = (Object.keys(PERMISSIONS) as Permission[]).filter(
      (p) => p !== 'agent:write' && !(READ_PERMISSIONS as readonly string[]).includes(p),
    );
    expect(closed).toEqual(expect.arrayContaining(['api-keys:manage', 'child-accounts:write', 'allocations:write']));
    for (const permission of [...closed, 'self:read' as const]) expect(keyScopeOf(permission)).toBeNull();
  });
});
