import { actorLabel, MOVEMENT_TARGET_LABELS } from '@portal/contracts/labels';
import type { LotConsumptionRow } from '@portal/contracts/trace';
import type { CsvColumn } from '../../lib/csv';

/** The columns of a lot's Consumption export (trace.routes.ts), as the tab shows them. */
export const CONSUMPTION_COLUMNS: readonly CsvColumn<LotConsumptionRow>[] = [
  { header: 'Date', value: (r) => r.at },
  { header: 'Consumed by', value: (r) => MOVEMENT_TARGET_LABELS[r.targetType] },
  { header: 'Mailbox', value: (r) => r.mailboxName },
  { header: 'Job', value: (r) => r.jobName },
  { header: 'Machine', value: (r) => r.machineName },
  { header: 'Units', value: (r) => r.quantity },
  { header: 'Pool', value: (r) => r.poolName },
  { header: 'By', value: (r) => actorLabel(r.actorName, r.apiKeyName) },
  { header: 'By email', value: (r) => r.actorEmail },
];
