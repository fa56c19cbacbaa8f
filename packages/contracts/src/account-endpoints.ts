import { z } from 'zod';
import {
  accountRefSchema,
  accountUserSchema,
  allAccountsQuerySchema,
  childAccountSchema,
  childAccountsQuerySchema,
  createChildAccountSchema,
  createdSchema,
  setChildPasswordSchema,
  toggleChildStatusSchema,
  updateEmailSchema,
  updatePoolSchema,
  updateRolesSchema,
} from './accounts';
import type { Endpoint } from './endpoint';
import { envelope, pagedEnvelope } from './envelope';
import {
  accountImportSchema,
  createImportSchema,
  importListQuerySchema,
  importParamsSchema,
  importRowSchema,
  importRowsQuerySchema,
} from './account-imports';
import { resetChildMfaSchema } from './mfa';
import {
  bulkListQuerySchema,
  bulkOperationSchema,
  bulkParamsSchema,
  bulkRowSchema,
  bulkRowsQuerySchema,
  createBulkSchema,
} from './bulk';
import { searchQuerySchema, searchResultSchema } from './search';
import { ROUTES } from './routes';

const done = envelope(z.null());

/**
 * The account calls of the endpoint table (endpoints.ts): child accounts, the search across what an
 * account may see (decision 048), the user import (decision 047) and bulk changes of users and pools
 * (decision 049).
 */
export const ACCOUNT_ENDPOINTS = {
  childAccounts: {
    ...ROUTES.childAccounts,
    query: childAccountsQuerySchema,
    response: pagedEnvelope(childAccountSchema),
  },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportChildAccounts: {
    ...ROUTES.exportChildAccounts,
    query: childAccountsQuerySchema.omit({ pageNumber: true, pageSize: true }),
  },
  childAccountsWithoutLicenses: {
    ...ROUTES.childAccountsWithoutLicenses,
    response: envelope(z.array(accountRefSchema)),
  },
  allAccounts: { ...ROUTES.allAccounts, query: allAccountsQuerySchema, response: pagedEnvelope(accountUserSchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportAllAccounts: {
    ...ROUTES.exportAllAccounts,
    query: allAccountsQuerySchema.omit({ pageNumber: true, pageSize: true }),
  },
  createChildAccount: {
    ...ROUTES.createChildAccount,
    body: createChildAccountSchema,
    response: envelope(createdSchema),
  },
  updatePool: { ...ROUTES.updatePool, body: updatePoolSchema, response: done },
  updateRoles: { ...ROUTES.updateRoles, body: updateRolesSchema, response: done },
  toggleChildStatus: { ...ROUTES.toggleChildStatus, body: toggleChildStatusSchema, response: done },
  setChildPassword: { ...ROUTES.setChildPassword, body: setChildPasswordSchema, response: done },
  resetChildMfa: { ...ROUTES.resetChildMfa, body: resetChildMfaSchema, response: done },
  updateEmail: { ...ROUTES.updateEmail, body: updateEmailSchema, response: done },
  /** The command palette's search (decision 048). */
  search: { ...ROUTES.search, query: searchQuerySchema, response: envelope(searchResultSchema) },
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
