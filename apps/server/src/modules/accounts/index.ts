// The accounts module's public face: what app.ts and other modules may import.
export { accountsRoutes } from './accounts.routes';
export { insertAccount } from './accounts.repository';
