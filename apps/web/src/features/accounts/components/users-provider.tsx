import type { ChildAccount } from '@portal/contracts/accounts';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';

type UsersDialog = 'create' | 'edit';

/**
 * What the licensing screens add to the Users screen (composed by the route: features do not
 * import each other): the row menu's Allocate and Revoke Licenses, and the Allocate dialog that
 * follows Create User.
 */
export type UserLicenseActions = {
  onAllocate: (user: { id: string; name: string }) => void;
  onRevoke: (user: { id: string; name: string }) => void;
};

type UsersContextValue = {
  /** Create User and the row menu (spec section 6): Admin or SuperAdmin. */
  canWrite: boolean;
  licenseActions: UserLicenseActions | undefined;
  open: UsersDialog | null;
  /** The row a dialog acts on (Edit User). */
  currentRow: ChildAccount | null;
  openCreate: () => void;
  openEdit: (row: ChildAccount) => void;
  close: () => void;
};

const UsersContext = createContext<UsersContextValue | null>(null);

/** The Users screen's one piece of state: which dialog is open, for which row. */
export function UsersProvider({
  canWrite,
  licenseActions,
  children,
}: {
  canWrite: boolean;
  licenseActions?: UserLicenseActions;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<UsersDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<ChildAccount | null>(null);

  const value = useMemo<UsersContextValue>(
    () => ({
      canWrite,
      licenseActions,
      open,
      currentRow,
      openCreate: () => setOpen('create'),
      openEdit: (row) => {
        setCurrentRow(row);
        setOpen('edit');
      },
      close: () => setOpen(null),
    }),
    [canWrite, licenseActions, open, currentRow],
  );
  return <UsersContext value={value}>{children}</UsersContext>;
}

export function useUsers(): UsersContextValue {
  const context = use(UsersContext);
  if (!context) throw new Error('useUsers must be used inside <UsersProvider>');
  return context;
}
