// The audit module's public face: what app.ts may import.
export { auditRoutes } from './audit.routes';
