// The allocations module's public face. It serves the License Allocations screens (allocate, revoke,
// the summaries: allocations.queries.ts) and the Dashboard's allocation hierarchy and its export
// (dashboard.queries.ts). The units themselves move in modules/stock, the ledger; the movement list
// and the consumption chart are modules/movements.
export { allocationsRoutes } from './allocations.routes';
