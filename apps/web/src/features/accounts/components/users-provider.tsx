import type { ChildAccount } from '@portal/contracts/accounts';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';

type UsersDialog = 'create' | 'edit';

type UsersContextValue = {
  /** Create User and the row menu (spec section 6): Admin or SuperAdmin. */
  canWrite: boolean;
  open: UsersDialog | null;
  /** The row a dialog acts on (Edit User). */
  currentRow: ChildAccount | null;
  openCreate: () => void;
  openEdit: (row: ChildAccount) => void;
  close: () => void;
};

const UsersContext = createContext<UsersContextValue | null>(null);

/** The Users screen's one piece of state: which dialog is open, for which row. */
export function UsersProvider({ canWrite, children }: { canWrite: boolean; children: ReactNode }) {
  const [open, setOpen] = useState<UsersDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<ChildAccount | null>(null);

  const value = useMemo<UsersContextValue>(
    () => ({
      canWrite,
      open,
      currentRow,
      openCreate: () => setOpen('create'),
      openEdit: (row) => {
        setCurrentRow(row);
        setOpen('edit');
      },
      close: () => setOpen(null),
    }),
    [canWrite, open, currentRow],
  );
  return <UsersContext value={value}>{children}</UsersContext>;
}

export function useUsers(): UsersContextValue {
  const context = use(UsersContext);
  if (!context) throw new Error('useUsers must be used inside <UsersProvider>');
  return context;
}
