import { z } from 'zod';
import { accountRefSchema, createdSchema } from './accounts';
import type { Endpoint } from './endpoint';
import { envelope, pagedEnvelope } from './envelope';
import { idField, inputObject } from './fields';
import {
  createPoolSchema,
  manageAccountsResultSchema,
  manageAccountsSchema,
  poolListQuerySchema,
  poolSchema,
} from './pools';
import { ROUTES } from './routes';

/**
 * The shared pools' calls: only the pool screens and the dialogs that choose a pool (lazy) make
 * them, so the shell does not carry their schemas (decision 021). Spread into LAZY_ENDPOINTS.
 */
export const POOL_ENDPOINTS = {
  pools: { ...ROUTES.pools, query: poolListQuerySchema, response: pagedEnvelope(poolSchema) },
  createPool: {
    ...ROUTES.createPool,
    query: inputObject({ poolType: z.literal('Pool').default('Pool') }),
    body: createPoolSchema,
    response: envelope(createdSchema),
  },
  poolUsers: {
    ...ROUTES.poolUsers,
    params: inputObject({ poolId: idField }),
    response: envelope(z.array(accountRefSchema)),
  },
  managePoolAccounts: {
    ...ROUTES.managePoolAccounts,
    body: manageAccountsSchema,
    response: envelope(manageAccountsResultSchema),
  },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportPools: { ...ROUTES.exportPools, query: poolListQuerySchema.omit({ pageNumber: true, pageSize: true }) },
} as const satisfies Record<string, Endpoint>;
