// The stock ledger's public face: every movement of a license unit goes through one of these.
export { reserve, consume, release, type Reservation } from './stock.agent';
export { productOf } from './stock.targets';
export { allocate, revoke, type AllocationOutcome } from './stock.allocate';
export { issueLot } from './stock.issue';
export { issueChildLot, issuableLots } from './stock.child-lot';
export { findLedgerViolations } from './stock.reconcile';
export { InsufficientStockError, NotInTransitError } from './stock.errors';
export { listLicenses, licenseStatus, groupedLicensesOfPools, groupedLicensesOfPool } from './stock.queries';
export { licenseBatches, listVisibleLicenses, usageReport, usageReportBatches } from './stock.licenses-query';
export type { LotInput } from './stock.issue';
export { allocationGroupsOfPools, asGroupedLicense, type PoolGroup } from './stock.allocation-queries';
export { drawingPoolOf } from './stock.targets';
export { lotsOfPool, type PoolLot } from './stock.pool-lots';
