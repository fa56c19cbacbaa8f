import type { ChildAccount } from '@portal/contracts/accounts';
import type { Pool } from '@portal/contracts/pools';
import { json, ok } from './mock-api';

export const POOL_ID = '99999999-9999-4999-8999-999999999999';

export function childAccount(overrides: Partial<ChildAccount> = {}): ChildAccount {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Ann Lee',
    email: 'ann@contoso.example',
    active: true,
    roles: ['User'],
    poolId: null,
    poolName: null,
    createdAt: '2025-02-03T12:00:00Z',
    ...overrides,
  };
}

export function pool(overrides: Partial<Pool> = {}): Pool {
  return {
    id: POOL_ID,
    name: 'Sales',
    poolType: 'Pool',
    description: 'The sales team',
    ownerName: 'Dana Reyes',
    ownerEmail: 'dana@contoso.example',
    userCount: 2,
    createdAt: '2025-01-15T09:30:00Z',
    groupedLicenses: [],
    ...overrides,
  };
}

/** A paged list answer whose pageInfo echoes the request's paging. */
export function pagedReply<T>(rows: T[], totalCount = rows.length) {
  return (request: Request) => {
    const url = new URL(request.url);
    const pageSize = Number(url.searchParams.get('pageSize') ?? rows.length) || 1;
    const pageNumber = Number(url.searchParams.get('pageNumber') ?? 1);
    return json(200, {
      success: true,
      data: rows,
      pageInfo: { pageNumber, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) },
    });
  };
}

export const done = (message: string) => ok(null, { message });

/** The query string of a recorded request, as an object. */
export const queryOf = (request: Request | undefined) =>
  Object.fromEntries(new URL(request?.url ?? 'http://localhost').searchParams);
