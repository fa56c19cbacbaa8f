import { t } from '@lingui/core/macro';
import type { AuditEvent } from '@portal/contracts/audit';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';
import { actorText } from '@/lib/actor-text';
import { auditActionText, auditOutcomeText } from './audit-words';

/** Who, what, when, from which address: headers in the language shown, made when the table renders. */
export const auditColumns = (): ColumnDef<AuditEvent>[] => [
  {
    accessorKey: 'createdAt',
    header: t`Date`,
    meta: { className: 'tabular-nums' },
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    accessorKey: 'actorEmail',
    header: t`Account`,
    cell: ({ row }) => actorText(row.original.actorEmail, row.original.apiKeyName) ?? t`Unknown`,
  },
  {
    accessorKey: 'action',
    header: t`Action`,
    meta: { secondary: true },
    cell: ({ row }) => auditActionText(row.original.action),
  },
  {
    accessorKey: 'outcome',
    header: t`Outcome`,
    meta: { secondary: true },
    cell: ({ row }) => auditOutcomeText(row.original.outcome),
  },
  {
    accessorKey: 'targetLabel',
    header: t`Target`,
    meta: { secondary: true },
    cell: ({ row }) => row.original.targetLabel ?? '-',
  },
  { accessorKey: 'ip', header: t`Address`, meta: { secondary: true, className: 'tabular-nums' } },
];
