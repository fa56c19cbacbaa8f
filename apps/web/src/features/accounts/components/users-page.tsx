import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { PageHeader } from '@/components/page-header';
import { ROUTES } from '@portal/contracts/routes';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PAGES } from '@portal/contracts/pages';
import { UploadIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { useChildAccounts } from '../api/get-child-accounts';
import { UsersDialogs } from './users-dialogs';
import { type UserLicenseActions, UsersProvider, useUsers } from './users-provider';
import { USERS_PAGE_SIZES, UsersTable } from './users-table';

/** `/child-accounts` (docs/product.md, "Users screen"): read-only unless the caller may write. */
export function UsersPage({
  canWrite,
  canImport = false,
  licenseActions,
}: {
  canWrite: boolean;
  /** The Import users page may be opened (an Admin's: decision 047). */
  canImport?: boolean;
  /** Allocate and Revoke Licenses (the row menu, and right after Create User): writers only. */
  licenseActions?: UserLicenseActions;
}) {
  return (
    <UsersProvider canWrite={canWrite} licenseActions={canWrite ? licenseActions : undefined}>
      <UsersScreen canImport={canWrite && canImport} />
    </UsersProvider>
  );
}

/** `?create=1` (the command palette's "Create user") opens Create User once, then leaves the URL. */
function useCreateFromLink(canWrite: boolean, openCreate: () => void) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('create') === '1';
  useEffect(() => {
    if (!asked) return;
    if (canWrite) openCreate();
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('create');
        return next;
      },
      { replace: true },
    );
  }, [asked, canWrite, openCreate, setParams]);
}

function UsersScreen({ canImport }: { canImport: boolean }) {
  const { canWrite, openCreate } = useUsers();
  useCreateFromLink(canWrite, openCreate);
  const urlState = useTableUrlState({ pageSizes: USERS_PAGE_SIZES, defaultPageSize: 10 });
  const { pageIndex, pageSize } = urlState.pagination;
  const accounts = useChildAccounts({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Users"
        description={
          canWrite
            ? 'Manage the accounts below yours: pool, roles, password and status.'
            : 'The accounts of your organisation, read-only.'
        }
        actions={
          <>
            <ExportCsvButton
              route={ROUTES.exportChildAccounts}
              query={{ search: urlState.filter || undefined }}
              fallbackName="users.csv"
            />
            {canImport && (
              <Link to={PAGES.importUsers} className={buttonClassName({ variant: 'outline' })}>
                <UploadIcon aria-hidden />
                Import users
              </Link>
            )}
            {canWrite && <Button onClick={openCreate}>+ Create User</Button>}
          </>
        }
      />
      <UsersTable
        urlState={urlState}
        rows={accounts.data?.rows}
        totalCount={accounts.data?.totalCount}
        isLoading={accounts.isPending}
        isFetching={accounts.isPlaceholderData}
        error={accounts.error}
      />
      {canWrite && <UsersDialogs rows={accounts.data?.rows} />}
    </div>
  );
}
