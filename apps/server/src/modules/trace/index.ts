// The trace module's public face (decision 046): a mailbox's license trace and a lot's consumption,
// reads of the ledger (which modules/stock writes) joined to the migration data (modules/agent's).
export { traceRoutes } from './trace.routes';
