import type { AccountUser, ChildAccount } from '@portal/contracts/accounts';
import { activeLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';

/** The columns of the Users export (accounts.routes.ts), as the Users list shows them. */
export const CHILD_COLUMNS: readonly CsvColumn<ChildAccount>[] = [
  { header: 'Name', value: (a) => a.name },
  { header: 'Email', value: (a) => a.email },
  { header: 'Roles', value: (a) => a.roles.join(' ') },
  { header: 'Status', value: (a) => activeLabel(a.active) },
  { header: 'Pool', value: (a) => a.poolName ?? 'Individual' },
  { header: 'Created', value: (a) => a.createdAt },
];

/** The columns of the SuperAdmin's accounts export. */
export const ACCOUNT_COLUMNS: readonly CsvColumn<AccountUser>[] = [
  { header: 'Name', value: (a) => a.name },
  { header: 'Email', value: (a) => a.email },
  { header: 'Roles', value: (a) => a.roles.join(' ') },
  { header: 'Status', value: (a) => activeLabel(a.active) },
  { header: 'Created', value: (a) => a.createdAt },
];
