import type { ChildAccount } from '@portal/contracts/accounts';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { useUsers } from './users-provider';

/** The one place the Users screen's dialogs live. */
export function UsersDialogs({ rows }: { rows: ChildAccount[] | undefined }) {
  const { open, currentRow, close, licenseActions } = useUsers();
  // The list refreshes after each edit: show the edited account as it is now, not as it was clicked.
  const account = currentRow ? (rows?.find((row) => row.id === currentRow.id) ?? currentRow) : null;

  return (
    <>
      <CreateUserDialog
        open={open === 'create'}
        onOpenChange={(next) => !next && close()}
        // docs/product.md: after Create User, the Allocate dialog opens for the new user.
        onCreated={licenseActions?.onAllocate}
      />
      {account && (
        <EditUserDialog
          key={account.id}
          account={account}
          open={open === 'edit'}
          onOpenChange={(next) => !next && close()}
        />
      )}
    </>
  );
}
