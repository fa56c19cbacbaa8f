import { t } from '@lingui/core/macro';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { PageHeader } from '@/components/page-header';
import { ROUTES } from '@portal/contracts/routes';
import { ExportCsvButton } from '@/components/export-csv-button';
import { PAGES } from '@portal/contracts/pages';
import { UploadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type BulkSelection, useBulkSelection } from '@/components/bulk/use-bulk-selection';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { useChildAccounts } from '../api/get-child-accounts';
import { BulkEditDialog, type BulkEditKind } from './bulk-edit-dialog';
import { UsersDialogs } from './users-dialogs';
import { type UserLicenseActions, UsersProvider, useUsers } from './users-provider';
import { USERS_PAGE_SIZES, UsersTable } from './users-table';

/** `/child-accounts` (docs/product.md, "Users screen"): read-only unless the caller may write. */
export function UsersPage({
  canWrite,
  canImport = false,
  licenseActions,
  bulkLicenseActions,
}: {
  canWrite: boolean;
  /** The Import users page may be opened (an Admin's: decision 047). */
  canImport?: boolean;
  /** Allocate and Revoke Licenses (the row menu, and right after Create User): writers only. */
  licenseActions?: UserLicenseActions;
  /** Allocate and Revoke Licenses for the selected users (decision 049): writers only. */
  bulkLicenseActions?: BulkLicenseActions;
}) {
  return (
    <UsersProvider canWrite={canWrite} licenseActions={canWrite ? licenseActions : undefined}>
      <UsersScreen canImport={canWrite && canImport} bulkLicenseActions={canWrite ? bulkLicenseActions : undefined} />
    </UsersProvider>
  );
}

/** What the licensing screens add to a table's bulk bar (composed by the route). */
export type BulkLicenseActions = (mode: 'allocate' | 'revoke', selection: BulkSelection) => void;

/** The bulk bar's buttons: units through the licensing screens, pool, role and status here. */
function UsersBulkActions({
  selection,
  bulkLicenseActions,
  onEdit,
}: {
  selection: BulkSelection;
  bulkLicenseActions?: BulkLicenseActions;
  onEdit: (kind: BulkEditKind) => void;
}) {
  return (
    <>
      {bulkLicenseActions && (
        <>
          <Button size="sm" onClick={() => bulkLicenseActions('allocate', selection)}>
            {t`Allocate Licenses`}
          </Button>
          <Button size="sm" variant="outline" onClick={() => bulkLicenseActions('revoke', selection)}>
            {t`Revoke Licenses`}
          </Button>
        </>
      )}
      <Button size="sm" variant="outline" onClick={() => onEdit('pool')}>
        {t`Change pool`}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onEdit('role')}>
        {t`Change role`}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onEdit('status')}>
        {t`Change status`}
      </Button>
    </>
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

function UsersScreen({
  canImport,
  bulkLicenseActions,
}: {
  canImport: boolean;
  bulkLicenseActions?: BulkLicenseActions;
}) {
  const { canWrite, openCreate } = useUsers();
  useCreateFromLink(canWrite, openCreate);
  const urlState = useTableUrlState({ pageSizes: USERS_PAGE_SIZES, defaultPageSize: 10 });
  const { pageIndex, pageSize } = urlState.pagination;
  const accounts = useChildAccounts({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter });
  const selection = useBulkSelection(urlState.filter, accounts.data?.totalCount);
  const [editing, setEditing] = useState<{ kind: BulkEditKind; selection: BulkSelection; key: number } | null>(null);
  const [editOpen, setEditOpen] = useState(false);

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t`Users`}
        description={
          canWrite
            ? t`Manage the accounts below yours: pool, roles, password and status.`
            : t`The accounts of your organisation, read-only.`
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
                {t`Import users`}
              </Link>
            )}
            {canWrite && <Button onClick={openCreate}>{t`+ Create User`}</Button>}
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
        selection={canWrite ? selection : undefined}
        bulkActions={
          selection.selection && (
            <UsersBulkActions
              selection={selection.selection}
              bulkLicenseActions={bulkLicenseActions}
              onEdit={(kind) => {
                setEditing({ kind, selection: selection.selection!, key: (editing?.key ?? 0) + 1 });
                setEditOpen(true);
              }}
            />
          )
        }
      />
      {canWrite && <UsersDialogs rows={accounts.data?.rows} />}
      {editing && (
        <BulkEditDialog
          key={editing.key}
          kind={editing.kind}
          selection={editing.selection}
          open={editOpen}
          onOpenChange={setEditOpen}
        />
      )}
    </div>
  );
}
