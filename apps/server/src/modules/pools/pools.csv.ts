import type { Pool } from '@portal/contracts/pools';
import { poolTypeLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';

const units = (pool: Pool, count: 'totalCount' | 'availableCount' | 'consumedCount' | 'inTransitCount') =>
  pool.groupedLicenses.reduce((sum, group) => sum + group[count], 0);

/** The columns of the pools export (pools.routes.ts), as the Pools list shows them. */
export const POOL_COLUMNS: readonly CsvColumn<Pool>[] = [
  { header: 'Name', value: (p) => p.name },
  { header: 'Description', value: (p) => p.description },
  { header: 'Type', value: (p) => poolTypeLabel(p.poolType) },
  { header: 'Owner', value: (p) => p.ownerName },
  { header: 'Owner email', value: (p) => p.ownerEmail },
  { header: 'Users', value: (p) => p.userCount },
  { header: 'Created', value: (p) => p.createdAt },
  {
    header: 'Products',
    value: (p) => [...new Set(p.groupedLicenses.map((g) => `${g.productCode} ${g.edition}`))].join('; '),
  },
  { header: 'Total', value: (p) => units(p, 'totalCount') },
  { header: 'Available', value: (p) => units(p, 'availableCount') },
  { header: 'Consumed', value: (p) => units(p, 'consumedCount') },
  { header: 'In transit', value: (p) => units(p, 'inTransitCount') },
];
