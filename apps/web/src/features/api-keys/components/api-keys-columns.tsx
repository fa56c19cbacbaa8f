import { t } from '@lingui/core/macro';
import type { ApiKey, ApiKeyStatus } from '@portal/contracts/api-keys';
import type { ColumnDef } from '@tanstack/react-table';
import { NameAndDetail } from '@/components/name-and-detail';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/format';
import { scopesText, statusLabel } from './api-key-words';
import { useApiKeysScreen } from './api-keys-provider';

const STATUS_VARIANTS = { Active: 'success', Expired: 'muted', Revoked: 'secondary' } as const satisfies Record<
  ApiKeyStatus,
  string
>;

/** Active, Expired or Revoked; a revoked key also says when. */
function StatusCell({ apiKey }: { apiKey: ApiKey }) {
  return (
    <div className="grid justify-items-start gap-0.5">
      <Badge variant={STATUS_VARIANTS[apiKey.status]}>{statusLabel(apiKey.status)}</Badge>
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
        {scopesText(apiKey.scopes)}
      </span>
    </div>
  );
}

/** Only an Active key can be revoked; the button opens the confirmation. */
function RevokeCell({ apiKey }: { apiKey: ApiKey }) {
  const { openRow } = useApiKeysScreen();
  if (apiKey.status !== 'Active') return null;
  const { name } = apiKey;
  return (
    <Button variant="outline" size="sm" aria-label={t`Revoke ${name}`} onClick={() => openRow('revoke', apiKey)}>
      {t`Revoke`}
    </Button>
  );
}

const OWNER_COLUMN_ID = 'owner';

/** From when until when a key works. */
function ValidCell({ apiKey }: { apiKey: ApiKey }) {
  const from = formatDate(apiKey.createdAt);
  const until = formatDate(apiKey.expiresAt);
  return <NameAndDetail name={t`from ${from}`} detail={t`until ${until}`} />;
}

/**
 * A key as listed: never the key itself, only its first characters. On a phone every column but
 * the name and the Revoke button stacks under the name. Made when the table renders, so its
 * headers are in the language shown.
 */
const columns = (): ColumnDef<ApiKey>[] => [
  {
    accessorKey: 'name',
    header: t`Name`,
    meta: { className: 'min-w-44' },
    cell: ({ row }) => <NameCell apiKey={row.original} />,
  },
  {
    id: OWNER_COLUMN_ID,
    header: t`Owner`,
    meta: { secondary: true, className: 'min-w-40' },
    cell: ({ row }) => <NameAndDetail name={row.original.ownerName} detail={row.original.ownerEmail} />,
  },
  {
    id: 'valid',
    header: t`Valid`,
    meta: { secondary: true, className: 'tabular-nums whitespace-nowrap' },
    cell: ({ row }) => <ValidCell apiKey={row.original} />,
  },
  {
    id: 'lastUsed',
    header: t`Last used`,
    meta: { secondary: true, className: 'tabular-nums' },
    cell: ({ row }) =>
      row.original.lastUsedAt ? (
        <NameAndDetail name={formatDateTime(row.original.lastUsedAt)} detail={row.original.lastUsedIp} />
      ) : (
        <span className="text-muted-foreground">{t`Never`}</span>
      ),
  },
  {
    accessorKey: 'status',
    header: t`Status`,
    meta: { secondary: true },
    cell: ({ row }) => <StatusCell apiKey={row.original} />,
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">{t`Actions`}</span>,
    meta: { className: 'w-24 text-right' },
    cell: ({ row }) => <RevokeCell apiKey={row.original} />,
  },
];

/** The Owner column shows to an Admin, whose list also holds the keys of the accounts in its scope. */
export function apiKeyColumns(showOwner: boolean): ColumnDef<ApiKey>[] {
  return showOwner ? columns() : columns().filter((column) => column.id !== OWNER_COLUMN_ID);
}
