import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ENDPOINTS } from '@portal/contracts/endpoints';
import type { AllocationResult } from '@portal/contracts/licenses';
import type { RouteDeps } from '../../core/deps';
import { ok } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import { allocate, type AllocationOutcome, revoke } from '../stock';

type AllocationBody = z.output<typeof ENDPOINTS.allocate.body>;

function resultOf(result: AllocationOutcome): AllocationResult {
  return {
    targetId: result.target.id,
    targetName: result.target.name,
    targetType: result.target.type,
    items: result.items.map((i) => ({
      groupKey: i.groupKey,
      productCode: i.productCode,
      requested: i.quantity,
      moved: i.moved,
    })),
  };
}

const units = (result: AllocationResult, key: 'requested' | 'moved') =>
  result.items.reduce((sum, item) => sum + item[key], 0);

/** `POST /LicenseAllocation/allocate`: the units move and the trail's row is written in one transaction. */
export async function allocateUnits({ db, clock }: RouteDeps, request: FastifyRequest, body: AllocationBody) {
  const principal = principalOf(request);
  const now = clock.now();
  const result = await auditedChange(
    db,
    request,
    async (tx) =>
      resultOf(
        await allocate(tx, {
          actorId: principal.accountId,
          targetId: body.targetId,
          isUser: body.isUser,
          items: body.productAllocations,
          now,
        }),
      ),
    (done) => ({
      event: 'stock.allocate',
      actor: principal.accountId,
      at: now,
      detail: { target: done.targetId, units: units(done, 'moved') },
    }),
  );
  return ok('Licenses allocated successfully', result);
}

/** `POST /LicenseAllocation/revoke`: with `partial`, what is available comes back and the message says how much. */
export async function revokeUnits(
  { db, clock }: RouteDeps,
  request: FastifyRequest,
  body: AllocationBody,
  partial: boolean,
) {
  const principal = principalOf(request);
  const now = clock.now();
  const result = await auditedChange(
    db,
    request,
    async (tx) =>
      resultOf(
        await revoke(tx, {
          actorId: principal.accountId,
          targetId: body.targetId,
          isUser: body.isUser,
          items: body.productAllocations,
          partial,
          now,
        }),
      ),
    (done) => ({
      event: 'stock.revoke',
      actor: principal.accountId,
      at: now,
      detail: { target: done.targetId, units: units(done, 'moved') },
    }),
  );
  const moved = units(result, 'moved');
  const requested = units(result, 'requested');
  const message =
    moved === requested
      ? 'Licenses revoked successfully'
      : `Licenses revoked successfully: ${moved} of ${requested} revoked, the rest was not available.`;
  return ok(message, result);
}
