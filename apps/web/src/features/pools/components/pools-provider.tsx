import type { Pool } from '@portal/contracts/pools';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';

type PoolsDialog = 'create' | 'allocations';

/**
 * Allocate and Revoke Licenses in the row menu, from the licensing screens (composed by the route:
 * features do not import each other).
 */
export type PoolLicenseActions = {
  onAllocate: (pool: { id: string; name: string }) => void;
  onRevoke: (pool: { id: string; name: string }) => void;
};

type PoolsContextValue = {
  /** Create Pool and the row menu (spec section 6): Admin or SuperAdmin. */
  canWrite: boolean;
  licenseActions: PoolLicenseActions | undefined;
  open: PoolsDialog | null;
  currentRow: Pool | null;
  openCreate: () => void;
  openAllocations: (row: Pool) => void;
  close: () => void;
};

const PoolsContext = createContext<PoolsContextValue | null>(null);

/** The License Pools screen's one piece of state: which dialog is open, for which pool. */
export function PoolsProvider({
  canWrite,
  licenseActions,
  children,
}: {
  canWrite: boolean;
  licenseActions?: PoolLicenseActions;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<PoolsDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<Pool | null>(null);
  const value = useMemo<PoolsContextValue>(
    () => ({
      canWrite,
      licenseActions,
      open,
      currentRow,
      openCreate: () => setOpen('create'),
      openAllocations: (row) => {
        setCurrentRow(row);
        setOpen('allocations');
      },
      close: () => setOpen(null),
    }),
    [canWrite, licenseActions, open, currentRow],
  );
  return <PoolsContext value={value}>{children}</PoolsContext>;
}

export function usePoolsScreen(): PoolsContextValue {
  const context = use(PoolsContext);
  if (!context) throw new Error('usePoolsScreen must be used inside <PoolsProvider>');
  return context;
}
