// The accounts module's public face: what app.ts and other modules may import.
export { accountsRoutes } from './accounts.routes';
export { insertAccount, selectChildAccounts } from './accounts.repository';
export { setStatus, updatePool, updateRoles } from './accounts.service';
export { AccountImportRunner, IMPORT_STATES } from './accounts.import-runner';
export { seedDemoImport } from './accounts.demo';
