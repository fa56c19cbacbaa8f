import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRefSchema } from '@portal/contracts/accounts';
import { envelope, pagedEnvelope } from '@portal/contracts/envelope';
import { inputObject } from '@portal/contracts/fields';
import {
  createPoolSchema,
  manageAccountsResultSchema,
  manageAccountsSchema,
  poolListQuerySchema,
  poolSchema,
} from '@portal/contracts/pools';
import type { RouteDeps } from '../../app';
import { audit } from '../../lib/audit';
import { pageInfo } from '../../lib/paging';
import { principalOf } from '../../plugins/authorize';
import { createPool, listPools, listPoolUsers, manageAccounts } from './pools.repository';

const tags = ['License pools'];

/** Shared license pools: list, create, members, and moving members (`/LicensePool...`). */
export const poolsRoutes: FastifyPluginAsyncZod<{ deps: RouteDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.get(
    '/',
    {
      config: { permission: 'pools:read' },
      schema: {
        tags,
        summary: "Pools of the caller's organisation (shared pools unless poolType=Default)",
        querystring: poolListQuerySchema,
        response: { 200: pagedEnvelope(poolSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await listPools(db, principalOf(request), request.query);
      const { pageNumber, pageSize } = request.query;
      return {
        success: true as const,
        data: rows,
        pageInfo: pageInfo(pageNumber, pageSize, total),
      };
    },
  );

  app.post(
    '/',
    {
      config: { permission: 'pools:write' },
      schema: {
        tags,
        summary: 'Create a shared pool (name unique per owner)',
        querystring: inputObject({ poolType: z.literal('Pool').default('Pool') }),
        body: createPoolSchema,
        response: { 200: envelope(z.object({ id: z.string(), name: z.string() })) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const pool = await createPool(db, principal, request.body, clock.now());
      audit(request.log, 'pool.create', 'success', principal.accountId, clock.now(), { pool: pool.id });
      return { success: true as const, message: `Pool ${pool.name} created.`, data: pool };
    },
  );

  app.get(
    '/:poolId/users',
    {
      config: { permission: 'pools:read' },
      schema: {
        tags,
        summary: 'The accounts in a pool',
        params: inputObject({ poolId: z.uuid({ message: 'Invalid id' }) }),
        response: { 200: envelope(z.array(accountRefSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listPoolUsers(db, principalOf(request), request.params.poolId),
    }),
  );

  app.post(
    '/manage-accounts',
    {
      config: { permission: 'pools:write' },
      schema: {
        tags,
        summary: 'Add accounts to and remove accounts from a pool, in one transaction',
        description:
          'With allowPartialAssignment the valid moves happen and the refusals are listed; without it any refusal cancels all (409).',
        body: manageAccountsSchema,
        response: { 200: envelope(manageAccountsResultSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const result = await manageAccounts(db, principal, request.body);
      audit(request.log, 'pool.members', 'success', principal.accountId, clock.now(), {
        pool: request.body.poolId,
        added: result.added.length,
        removed: result.removed.length,
        refused: result.refused.length,
      });
      const refused = result.refused.length > 0 ? `, ${result.refused.length} refused` : '';
      return {
        success: true as const,
        message: `${result.added.length} added, ${result.removed.length} removed${refused}.`,
        data: result,
      };
    },
  );
};
