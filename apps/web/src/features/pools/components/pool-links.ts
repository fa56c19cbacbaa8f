/** `/pool/users/{poolId}?poolName=…`: the read-only member list. */
export function poolUsersPath(pool: { id: string; name: string }): string {
  return `/pool/users/${encodeURIComponent(pool.id)}?${new URLSearchParams({ poolName: pool.name })}`;
}

/** `/pool/edit/{poolId}?poolName=…`: the pool manager. */
export function poolEditPath(pool: { id: string; name: string }): string {
  return `/pool/edit/${encodeURIComponent(pool.id)}?${new URLSearchParams({ poolName: pool.name })}`;
}
