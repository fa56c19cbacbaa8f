// The allocations module's public face. It serves the License Allocations screens (allocate, revoke,
// the summaries: allocations.queries.ts), the Dashboard (the allocation hierarchy and its export:
// dashboard.queries.ts; the consumption chart: consumption.queries.ts) and the License Movements
// list (movements.queries.ts). The units themselves move in modules/stock, the ledger.
export { allocationsRoutes } from './allocations.routes';
