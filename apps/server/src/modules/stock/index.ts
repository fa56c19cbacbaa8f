// The stock ledger's public face: every movement of a license unit goes through one of these.
export { reserve, consume, release, type Reservation } from './stock.agent';
export { defaultPoolOf, drawingPoolOf, productOf } from './stock.targets';
export { allocate, revoke, type AllocationOutcome } from './stock.allocate';
export { issueLot } from './stock.issue';
export { selectHeldLots } from './stock.lots';
export { issueChildLot } from './stock.child-lot';
export { findLedgerViolations } from './stock.reconcile';
export { returnBoundUnits, type BoundUnitRef } from './stock.machine';
export { InsufficientStockError, NotInTransitError } from './stock.errors';
export type { LotInput } from './stock.issue';
