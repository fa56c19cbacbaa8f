import {
  accountImportSchema,
  createImportSchema,
  importListQuerySchema,
  importParamsSchema,
  importRowSchema,
  importRowsQuerySchema,
} from './account-imports';
import {
  bulkListQuerySchema,
  bulkOperationSchema,
  bulkParamsSchema,
  bulkRowSchema,
  bulkRowsQuerySchema,
  createBulkSchema,
} from './bulk';
import { ACCOUNT_ENDPOINTS } from './account-endpoints';
import { COMPLETENESS_ENDPOINTS } from './completeness-endpoints';
import { SETTINGS_ENDPOINTS } from './integration-endpoints';
import { REPORT_ENDPOINTS } from './report-endpoints';
import { SECOND_FACTOR_ENDPOINTS } from './second-factor-endpoints';
import type { Endpoint } from './endpoint';
import { envelope, pagedEnvelope } from './envelope';
import { MACHINE_ENDPOINTS } from './machine-endpoints';
import { POOL_ENDPOINTS } from './pool-endpoints';
import { ROUTES } from './routes';
import { SAVED_VIEW_ENDPOINTS } from './saved-views';
import { currentUserSchema } from './auth';
import { languageSettingSchema, timeZoneSettingSchema } from './settings';

/**
 * Endpoints that only lazily loaded screens call: completeness (decision 044), machines (decision 045),
 * the accounts (Users, All Accounts, the palette's search), the shared pools, the user import (decision 047), bulk changes (decision 049), saved views (decision 050), the
 * integration and alert settings, the Audit Trail and the forecast. They are kept out of ENDPOINTS, which the shell's first load carries with its
 * schemas and messages (the shell's budget, decision 021): their screens import this table, and
 * ALL_ENDPOINTS (all-endpoints.ts) joins both for the server and the tests.
 */
export const LAZY_ENDPOINTS = {
  ...ACCOUNT_ENDPOINTS,
  ...COMPLETENESS_ENDPOINTS,
  ...POOL_ENDPOINTS,
  ...MACHINE_ENDPOINTS,
  ...SAVED_VIEW_ENDPOINTS,
  ...SETTINGS_ENDPOINTS,
  ...SECOND_FACTOR_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  // The person's time zone, from Settings → Profile (decision 051).
  setTimeZone: { ...ROUTES.setTimeZone, body: timeZoneSettingSchema, response: envelope(currentUserSchema) },
  // The person's language, from Settings → Profile (decision 052).
  setLanguage: { ...ROUTES.setLanguage, body: languageSettingSchema, response: envelope(currentUserSchema) },
  // Importing users from CSV (decision 047).
  accountImports: {
    ...ROUTES.accountImports,
    query: importListQuerySchema,
    response: pagedEnvelope(accountImportSchema),
  },
  createAccountImport: {
    ...ROUTES.createAccountImport,
    body: createImportSchema,
    response: envelope(accountImportSchema),
  },
  accountImport: { ...ROUTES.accountImport, params: importParamsSchema, response: envelope(accountImportSchema) },
  accountImportRows: {
    ...ROUTES.accountImportRows,
    params: importParamsSchema,
    query: importRowsQuerySchema,
    response: pagedEnvelope(importRowSchema),
  },
  applyAccountImport: {
    ...ROUTES.applyAccountImport,
    params: importParamsSchema,
    response: envelope(accountImportSchema),
  },
  /** Answers the CSV itself (text/csv), not JSON. */
  accountImportResult: { ...ROUTES.accountImportResult, params: importParamsSchema },
  // Bulk changes of users and pools (decision 049).
  bulkOperations: {
    ...ROUTES.bulkOperations,
    query: bulkListQuerySchema,
    response: pagedEnvelope(bulkOperationSchema),
  },
  createBulk: { ...ROUTES.createBulk, body: createBulkSchema, response: envelope(bulkOperationSchema) },
  bulkOperation: { ...ROUTES.bulkOperation, params: bulkParamsSchema, response: envelope(bulkOperationSchema) },
  bulkRows: {
    ...ROUTES.bulkRows,
    params: bulkParamsSchema,
    query: bulkRowsQuerySchema,
    response: pagedEnvelope(bulkRowSchema),
  },
  undoBulk: { ...ROUTES.undoBulk, params: bulkParamsSchema, response: envelope(bulkOperationSchema) },
} as const satisfies Record<string, Endpoint>;
export type LazyEndpointName = keyof typeof LAZY_ENDPOINTS;
