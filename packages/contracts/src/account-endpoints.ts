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
import { resetChildMfaSchema } from './mfa';
import { searchQuerySchema, searchResultSchema } from './search';
import { ROUTES } from './routes';

const done = envelope(z.null());

/**
 * The account calls of the endpoint table (endpoints.ts): child accounts, the search across what an
 * account may see (decision 048). The user import's and the bulk changes' are in lazy-endpoints.ts.
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
} as const satisfies Record<string, Endpoint>;
