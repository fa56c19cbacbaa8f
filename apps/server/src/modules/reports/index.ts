// The reports module's public face: what app.ts and other modules may import.
export { reportsRoutes } from './reports.routes';
export { completionPercentage } from './reports.rows';
export { accountIn, reportScopeOf, tenantIs } from './reports.scope';
