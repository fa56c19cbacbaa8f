/**
 * Query-key roots that more than one feature reads or changes: moving a user into a pool changes
 * the Users list and the pools' user counts, whichever screen made the move. Invalidating a root
 * refreshes every query under it.
 */
export const QUERY_ROOTS = {
  childAccounts: 'child-accounts',
  pools: 'pools',
  accounts: 'accounts',
  /** Everything that shows stock: allocations, summaries, the dashboard, licenses, movements, usage. */
  licenses: 'licenses',
  /** Saved views (decision 050): the sidebar's pinned ones and each list's Views menu. */
  savedViews: 'saved-views',
} as const;
