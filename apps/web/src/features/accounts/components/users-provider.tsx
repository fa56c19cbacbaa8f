import type { ChildAccount } from '@portal/contracts/accounts';
import { createRowDialogs } from '@/components/row-dialogs-provider';

/**
 * What the licensing screens add to the Users screen (composed by the route: features do not
 * import each other): the row menu's Allocate and Revoke Licenses, and the Allocate dialog that
 * follows Create User.
 */
export type UserLicenseActions = {
  onAllocate: (user: { id: string; name: string }) => void;
  onRevoke: (user: { id: string; name: string }) => void;
};

/** The Users screen's one piece of state: Create User, or Edit User for a row. */
const usersScreen = createRowDialogs<ChildAccount, 'edit', UserLicenseActions>('useUsers');

export const UsersProvider = usersScreen.Provider;
export const useUsers = usersScreen.useRowDialogs;
