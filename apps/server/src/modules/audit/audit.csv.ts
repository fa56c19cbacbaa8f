import type { AuditEvent } from '@portal/contracts/audit';
import { actorLabel, auditActionLabel, auditDetailValue, auditOutcomeLabel } from '@portal/contracts/labels';
import type { CsvColumn } from '../../lib/csv';

/** The detail as `name=value` pairs, in the order written, each value in words (auditDetailValue). */
const detailText = (detail: AuditEvent['detail']) =>
  Object.entries(detail)
    .map(([name, value]) => `${name}=${auditDetailValue(name, value)}`)
    .join('; ');

/** The columns of the audit trail's export (audit.routes.ts), as the Audit Trail screen shows them. */
export const AUDIT_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  { header: 'Date', value: (e) => e.createdAt },
  { header: 'Account', value: (e) => actorLabel(e.actorEmail, e.apiKeyName) },
  { header: 'Action', value: (e) => auditActionLabel(e.action) },
  { header: 'Outcome', value: (e) => auditOutcomeLabel(e.outcome) },
  { header: 'Target', value: (e) => e.targetLabel },
  { header: 'Detail', value: (e) => detailText(e.detail) },
  { header: 'Address', value: (e) => e.ip },
];
