import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ENDPOINTS } from '@portal/contracts/endpoints';
import type { AllocationResult } from '@portal/contracts/licenses';
import type { RouteDeps } from '../../core/deps';
import type { Database } from '../../db/client';
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

/**
 * Moves the units of `body` with `move` (allocate or revoke) and writes the trail's `event` row in the
 * same transaction.
 */
async function movedUnits(
  { db, clock }: RouteDeps,
  request: FastifyRequest,
  body: AllocationBody,
  event: 'stock.allocate' | 'stock.revoke',
  move: (tx: Database, input: Parameters<typeof allocate>[1]) => Promise<AllocationOutcome>,
) {
  const principal = principalOf(request);
  const now = clock.now();
  // An allocation moves all it was asked or nothing (it fails): its row is known before it moves.
  const requested = body.productAllocations.reduce((sum, item) => sum + item.quantity, 0);
  const known = { event, actor: principal.accountId, at: now, detail: { target: body.targetId, units: requested } };
  return auditedChange(
    db,
    request,
    async (tx) =>
      resultOf(
        await move(tx, {
          actorId: principal.accountId,
          targetId: body.targetId,
          isUser: body.isUser,
          items: body.productAllocations,
          now,
        }),
      ),
    event === 'stock.allocate'
      ? known
      : (done) => ({ ...known, detail: { target: done.targetId, units: units(done, 'moved') } }),
  );
}

/** `POST /LicenseAllocation/allocate`: the units move and the trail's row is written in one transaction. */
export async function allocateUnits(deps: RouteDeps, request: FastifyRequest, body: AllocationBody) {
  const result = await movedUnits(deps, request, body, 'stock.allocate', allocate);
  return ok('Licenses allocated successfully', result);
}

/** `POST /LicenseAllocation/revoke`: with `partial`, what is available comes back and the message says how much. */
export async function revokeUnits(deps: RouteDeps, request: FastifyRequest, body: AllocationBody, partial: boolean) {
  const result = await movedUnits(deps, request, body, 'stock.revoke', (tx, input) =>
    revoke(tx, { ...input, partial }),
  );
  const moved = units(result, 'moved');
  const requested = units(result, 'requested');
  const message =
    moved === requested
      ? 'Licenses revoked successfully'
      : `Licenses revoked successfully: ${moved} of ${requested} revoked, the rest was not available.`;
  return ok(message, result);
}
