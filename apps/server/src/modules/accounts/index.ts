// The accounts module's public face: what app.ts and other modules may import.
export { accountsRoutes } from './accounts.routes';
export { insertAccount } from './accounts.repository';
export { AccountImportRunner, IMPORT_STATES } from './accounts.import-runner';
export { seedDemoImport } from './accounts.demo';
