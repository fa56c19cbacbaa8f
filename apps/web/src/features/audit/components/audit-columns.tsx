import type { AuditEvent } from '@portal/contracts/audit';
import { actorLabel, auditActionLabel, auditOutcomeLabel } from '@portal/contracts/labels';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime } from '@/lib/format';

/** Who, what, when, from which address. */
export const auditColumns: ColumnDef<AuditEvent>[] = [
  {
    accessorKey: 'createdAt',
    header: 'Date',
    meta: { className: 'tabular-nums' },
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    accessorKey: 'actorEmail',
    header: 'Account',
    cell: ({ row }) => actorLabel(row.original.actorEmail, row.original.apiKeyName) ?? 'Unknown',
  },
  {
    accessorKey: 'action',
    header: 'Action',
    meta: { secondary: true },
    cell: ({ row }) => auditActionLabel(row.original.action),
  },
  {
    accessorKey: 'outcome',
    header: 'Outcome',
    meta: { secondary: true },
    cell: ({ row }) => auditOutcomeLabel(row.original.outcome),
  },
  {
    accessorKey: 'targetLabel',
    header: 'Target',
    meta: { secondary: true },
    cell: ({ row }) => row.original.targetLabel ?? '-',
  },
  { accessorKey: 'ip', header: 'Address', meta: { secondary: true, className: 'tabular-nums' } },
];
