// The movements module's public face. It serves the License Movements list and its export
// (movements.queries.ts) and the Dashboard's consumption chart (consumption.queries.ts): reads of
// the ledger's movements, which modules/stock writes.
export { movementsRoutes } from './movements.routes';
