// The pools module's public face: what app.ts and other modules may import.
export { poolsRoutes } from './pools.routes';
export { findReadablePool, selectPools } from './pools.repository';
export { asGroupedLicense, groupedLicensesOfPool, groupsOfPools, type PoolGroup } from './pools.holdings';
export { createDefaultPool, createSharedPool } from './pools.rows';
