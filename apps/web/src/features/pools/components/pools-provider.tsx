import type { Pool } from '@portal/contracts/pools';
import { createRowDialogs } from '@/components/row-dialogs-provider';

/**
 * Allocate and Revoke Licenses in the row menu, from the licensing screens (composed by the route:
 * features do not import each other).
 */
export type PoolLicenseActions = {
  onAllocate: (pool: { id: string; name: string }) => void;
  onRevoke: (pool: { id: string; name: string }) => void;
};

/** The License Pools screen's one piece of state: Create Pool, or a pool's allocations. */
const poolsScreen = createRowDialogs<Pool, 'allocations', PoolLicenseActions>('usePoolsScreen');

export const PoolsProvider = poolsScreen.Provider;
export const usePoolsScreen = poolsScreen.useRowDialogs;
