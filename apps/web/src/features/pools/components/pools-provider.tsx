import type { Pool } from '@portal/contracts/pools';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';

type PoolsDialog = 'create' | 'allocations';

type PoolsContextValue = {
  /** Create Pool and the row menu (spec section 6): Admin or SuperAdmin. */
  canWrite: boolean;
  open: PoolsDialog | null;
  currentRow: Pool | null;
  openCreate: () => void;
  openAllocations: (row: Pool) => void;
  close: () => void;
};

const PoolsContext = createContext<PoolsContextValue | null>(null);

/** The License Pools screen's one piece of state: which dialog is open, for which pool. */
export function PoolsProvider({ canWrite, children }: { canWrite: boolean; children: ReactNode }) {
  const [open, setOpen] = useState<PoolsDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<Pool | null>(null);
  const value = useMemo<PoolsContextValue>(
    () => ({
      canWrite,
      open,
      currentRow,
      openCreate: () => setOpen('create'),
      openAllocations: (row) => {
        setCurrentRow(row);
        setOpen('allocations');
      },
      close: () => setOpen(null),
    }),
    [canWrite, open, currentRow],
  );
  return <PoolsContext value={value}>{children}</PoolsContext>;
}

export function usePoolsScreen(): PoolsContextValue {
  const context = use(PoolsContext);
  if (!context) throw new Error('usePoolsScreen must be used inside <PoolsProvider>');
  return context;
}
