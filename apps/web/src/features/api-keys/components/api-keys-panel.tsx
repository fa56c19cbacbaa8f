import { t } from '@lingui/core/macro';
import { PlusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { ListFilter, useUrlChoice } from '@/components/data-table/list-filter';
import { ListTable } from '@/components/data-table/list-table';
import { useServerTable } from '@/components/data-table/use-server-table';
import { useTableUrlState } from '@/components/data-table/use-table-url-state';
import { Button } from '@/components/ui/button';
import { useApiKeys } from '../api/get-api-keys';
import { apiKeyColumns } from './api-keys-columns';
import { ApiKeysProvider, useApiKeysScreen } from './api-keys-provider';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** The list pages by 25, 50, 100 or 200 keys (the server's most), 50 by default. */
export const API_KEY_PAGE_SIZES = [25, 50, 100, 200] as const;

const OWNER_CHOICES = ['mine'] as const;
const NO_CHOICES: readonly 'mine'[] = [];

/**
 * Settings → API keys: the keys of the signed-in account (an Admin's list also holds those of the
 * accounts in its scope), a Create button, and Revoke on each Active key.
 */
export function ApiKeysPanel({ isAdmin }: { isAdmin: boolean }) {
  return (
    <ApiKeysProvider canWrite>
      <ApiKeysList isAdmin={isAdmin} />
      <ApiKeysDialogs />
    </ApiKeysProvider>
  );
}

function ApiKeysList({ isAdmin }: { isAdmin: boolean }) {
  const { openCreate } = useApiKeysScreen();
  const urlState = useTableUrlState({ pageSizes: API_KEY_PAGE_SIZES, defaultPageSize: 50 });
  const [owner, setOwner] = useUrlChoice('owner', isAdmin ? OWNER_CHOICES : NO_CHOICES);
  const { pageIndex, pageSize } = urlState.pagination;
  const columns = useMemo(() => apiKeyColumns(isAdmin), [isAdmin]);
  const keys = useApiKeys({ pageNumber: pageIndex + 1, pageSize, search: urlState.filter, mine: owner === 'mine' });
  const table = useServerTable({
    data: keys.data?.rows,
    columns,
    totalCount: keys.data?.totalCount,
    urlState,
    getRowId: (row) => row.id,
  });
  const narrowed = urlState.filter.trim() !== '' || owner !== undefined;

  return (
    <div className="grid gap-4">
      <ListTable
        table={table}
        // Not 'API keys': the section around it is already a landmark of that name.
        label={t`Keys`}
        pageSizes={API_KEY_PAGE_SIZES}
        query={keys}
        filter={{
          value: urlState.filter,
          onChange: urlState.onFilterChange,
          // The server matches the name, the key's first characters, and the owner's name and email.
          placeholder: isAdmin ? t`Filter by name, key or owner...` : t`Filter by name or key...`,
        }}
        emptyText={narrowed ? t`No API keys match these filters.` : t`No API keys yet.`}
      >
        {isAdmin && (
          <ListFilter
            label={t`Owner`}
            allLabel={t`All owners`}
            value={owner}
            onChange={setOwner}
            options={[{ value: 'mine', label: t`My keys only` }]}
          />
        )}
        <Button onClick={openCreate}>
          <PlusIcon aria-hidden />
          {t`Create API key`}
        </Button>
      </ListTable>
    </div>
  );
}

/** The one place the screen's dialogs live. */
function ApiKeysDialogs() {
  const { open, currentRow, close } = useApiKeysScreen();
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  return (
    <>
      <CreateApiKeyDialog open={open === 'create'} onOpenChange={onOpenChange} />
      <RevokeApiKeyDialog apiKey={currentRow} open={open === 'revoke'} onOpenChange={onOpenChange} />
    </>
  );
}
