import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from './session';

/**
 * Whose data a caller may see or change (docs/product.md, "Who uses it"): a SuperAdmin everything;
 * an Admin itself and its subtree; an Auditor reads its parent's subtree; a User itself. Subtrees
 * come from the account_closure table (kept by a trigger), not a recursive walk: see
 * docs/decisions/009-account-closure.md.
 */
export type Scope = { kind: 'all' } | { kind: 'subtree'; rootId: string } | { kind: 'self'; accountId: string };

/**
 * The account a caller reads as: an Auditor (not a SuperAdmin) reads as its parent, the organisation
 * it audits; everyone else as itself. The root of readScope's subtree, and whose stock the caller's
 * own views show.
 */
export function viewedAccountOf(principal: Principal): string {
  const roles: readonly string[] = principal.roles;
  if (roles.includes('Auditor') && !roles.includes('SuperAdmin')) return principal.parentId ?? principal.accountId;
  return principal.accountId;
}

export function readScope(principal: Principal): Scope {
  const roles: readonly string[] = principal.roles;
  if (roles.includes('SuperAdmin')) return { kind: 'all' };
  if (roles.includes('Auditor') || roles.includes('Admin'))
    return { kind: 'subtree', rootId: viewedAccountOf(principal) };
  return { kind: 'self', accountId: principal.accountId };
}

/** What a caller may change; Auditors and Users change nothing but themselves. */
export function writeScope(principal: Principal): Scope {
  const roles: readonly string[] = principal.roles;
  if (roles.includes('SuperAdmin')) return { kind: 'all' };
  if (roles.includes('Admin')) return { kind: 'subtree', rootId: principal.accountId };
  return { kind: 'self', accountId: principal.accountId };
}

/** The ids of an account's subtree, itself included, as a subquery (one range of the closure's key). */
export function subtreeOf(rootId: string): SQL {
  return sql`(SELECT descendant_id FROM account_closure WHERE ancestor_id = ${rootId}::uuid)`;
}

/** A condition: the account in `column` (a column, or a raw SQL column name) is inside the scope. */
export function inScope(scope: Scope, column: AnyPgColumn | SQL): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'subtree':
      return sql`${column} IN ${subtreeOf(scope.rootId)}`;
    case 'self':
      return sql`${column} = ${scope.accountId}::uuid`;
  }
}

/** A condition: the account in `column` is strictly below the scope's root (its "child accounts"). */
export function belowScopeRoot(scope: Scope, column: AnyPgColumn, self: string): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`${column} <> ${self}::uuid`;
    case 'subtree':
      return sql`${column} IN ${subtreeOf(scope.rootId)} AND ${column} <> ${scope.rootId}::uuid`;
    case 'self':
      return sql`false`;
  }
}
