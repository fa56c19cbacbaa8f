import type { License, UsageReportRow } from '@portal/contracts/licenses';
import { usageTypeLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';

/** The columns of the Licenses export (licenses.routes.ts), as the Licenses list shows them. */
export const LICENSE_COLUMNS: readonly CsvColumn<License>[] = [
  { header: 'Created', value: (l) => l.createdAt },
  { header: 'Product code', value: (l) => l.productCode },
  { header: 'Product', value: (l) => l.productName },
  { header: 'Edition', value: (l) => l.edition },
  { header: 'Duration type', value: (l) => l.durationType },
  { header: 'Duration (days)', value: (l) => l.duration },
  { header: 'Usage type', value: (l) => usageTypeLabel(l.usageType) },
  { header: 'Customer', value: (l) => l.customer.name },
  { header: 'Customer email', value: (l) => l.customer.email },
  { header: 'Start date', value: (l) => l.startDate },
  { header: 'Expiry date', value: (l) => l.expiryDate },
  { header: 'Quantity', value: (l) => l.totalCount },
  { header: 'Status', value: (l) => l.status },
  { header: 'Order id', value: (l) => l.orderId },
  { header: 'External reference', value: (l) => l.externalRefCode },
  { header: 'Issued by', value: (l) => l.issuedBy?.email ?? null },
];

/** The columns of the usage report's export. */
export const USAGE_COLUMNS: readonly CsvColumn<UsageReportRow>[] = [
  { header: 'Account', value: (r) => r.accountName },
  { header: 'Account email', value: (r) => r.accountEmail },
  { header: 'Product code', value: (r) => r.productCode },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Total', value: (r) => r.totalLicenses },
  { header: 'Consumed', value: (r) => r.consumedLicenses },
  { header: 'Available', value: (r) => r.availableLicenses },
  { header: 'In transit', value: (r) => r.inTransitLicenses },
];
