// Every table, as drizzle-kit reads them (drizzle.config.ts) and as the queries import them.
export * from './accounts-schema';
export * from './stock-schema';
export * from './reports-schema';
export * from './audit-schema';
export * from './alerts-schema';
export * from './integrations-schema';
export * from './work-schema';
export * from './sign-in-schema';
export * from './imports-schema';
export * from './bulk-schema';
export * from './views-schema';
