// The licenses module's public face: what app.ts and other modules may import.
export { licensesRoutes } from './licenses.routes';
export { seedDemoStock } from './licenses.demo';
export { licenseStatus, listLicenses } from './licenses.fields';
export { lotsByOrderId } from './licenses.queries';
