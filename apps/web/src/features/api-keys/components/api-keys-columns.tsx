import { API_KEY_SCOPE_LABELS, type ApiKey, type ApiKeyStatus } from '@portal/contracts/api-keys';
import type { ColumnDef } from '@tanstack/react-table';
import { NameAndDetail } from '@/components/name-and-detail';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { useApiKeysScreen } from './api-keys-provider';

const STATUS_VARIANTS = { Active: 'success', Expired: 'muted', Revoked: 'secondary' } as const satisfies Record<
  ApiKeyStatus,
  string
>;

/** Active, Expired or Revoked; a revoked key also says when. */
function StatusCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <div className="grid justify-items-start gap-0.5">
      <Badge variant={STATUS_VARIANTS[apiKey.status]}>{apiKey.status}</Badge>
      {apiKey.status === 'Revoked' && apiKey.revokedAt && (
        <span className="text-xs text-muted-foreground tabular-nums">{formatDate(apiKey.revokedAt)}</span>
      )}
    </div>
  );
}

/** The key's name, and under it the characters it starts with and what it may call. */
function NameCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <div className="grid gap-0.5">
      <span className="font-medium [overflow-wrap:anywhere]">{apiKey.name}</span>
      <span className="text-xs text-muted-foreground">
        <code className="font-mono">{apiKey.prefix}…</code>
        {' · '}
        {apiKey.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}
      </span>
    </div>
  );
}

/** Only an Active key can be revoked; the button opens the confirmation. */
function RevokeCell({ apiKey }: { apiKey: ApiKey }) {
  const { openRow } = useApiKeysScreen();
  if (apiKey.status !== 'Active') return null;
  return (
    <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`} onClick={() => openRow('revoke', apiKey)}>
      Revoke
    </Button>
  );
}

const OWNER_COLUMN_ID = 'owner';

/**
 * A key as listed: never the key itself, only its first characters. On a phone every column but
 * the name and the Revoke button stacks under the name.
 */
const columns: ColumnDef<ApiKey>[] = [
  {
    accessorKey: 'name',
    header: 'Name',
    meta: { className: 'min-w-44' },
    cell: ({ row }) => <NameCell apiKey={row.original} />,
  },
  {
    id: OWNER_COLUMN_ID,
    header: 'Owner',
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.ownerName} detail={row.original.ownerEmail} />,
  },
  {
    id: 'valid',
    header: 'Valid',
    meta: { secondary: true, className: 'tabular-nums whitespace-nowrap' },
    cell: ({ row }) => (
      <NameAndDetail
        name={`from ${formatDate(row.original.createdAt)}`}
        detail={`until ${formatDate(row.original.expiresAt)}`}
      />
    ),
  },
  {
    id: 'lastUsed',
    header: 'Last used',
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) =>
      row.original.lastUsedAt ? (
        <NameAndDetail name={formatDateTime(row.original.lastUsedAt)} detail={row.original.lastUsedIp} />
      ) : (
        <span className="text-muted-foreground">Never</span>
      ),
  },
  {
    accessorKey: 'status',
    header: 'Status',
    meta: { secondary: true },
    cell: ({ row }) => <StatusCell apiKey={row.original} />,
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'w-24 text-right' },
    cell: ({ row }) => <RevokeCell apiKey={row.original} />,
  },
];

const withoutOwner = columns.filter((column) => column.id !== OWNER_COLUMN_ID);

/** The Owner column shows to an Admin, whose list also holds the keys of the accounts in its scope. */
export function apiKeyColumns(showOwner: boolean): ColumnDef<ApiKey>[] {
  return showOwner ? columns : withoutOwner;
}
