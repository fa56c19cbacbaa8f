import { actorLabel, MOVEMENT_TARGET_LABELS } from '@portal/contracts/labels';
import type { LicenseMovement } from '@portal/contracts/licenses';
import type { CsvColumn } from '../../lib/csv';

/** The columns of the License Movements export (movements.routes.ts), as the list shows them. */
export const MOVEMENT_COLUMNS: readonly CsvColumn<LicenseMovement>[] = [
  { header: 'Date', value: (m) => m.createdAt },
  { header: 'Action', value: (m) => m.action },
  { header: 'Product code', value: (m) => m.productCode },
  { header: 'Product', value: (m) => m.productName },
  { header: 'Quantity', value: (m) => m.quantityChange },
  { header: 'Source pool', value: (m) => m.sourcePoolName },
  { header: 'Target', value: (m) => m.targetName },
  { header: 'Target type', value: (m) => MOVEMENT_TARGET_LABELS[m.targetType] },
  { header: 'By', value: (m) => actorLabel(m.actorName, m.apiKeyName) },
  { header: 'By email', value: (m) => m.actorEmail },
];
