// The audit module's public face: what app.ts and the other modules may import. It owns the
// audit_events table: the trail is written here (audit.writer.ts) and read here (audit.queries.ts).
export { auditRoutes } from './audit.routes';
export {
  type AuditEntry,
  auditedChange,
  auditInside,
  recordAudit,
  recordQueuedAudit,
  recordSeedAudit,
  type Origin,
  recordSystemAudit,
} from './audit.writer';
export { type CsvExport, csvExportHandler, sendAuditedCsv } from './audit.export';
