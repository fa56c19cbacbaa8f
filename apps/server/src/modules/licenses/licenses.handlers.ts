import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ENDPOINTS } from '@portal/contracts/endpoints';
import type { RouteDeps } from '../../core/deps';
import { ok } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import { createLicense } from './licenses.service';

/**
 * `POST /License` (licenses.routes.ts): the lot, a new customer and its mail are created and the
 * trail's row written in one transaction.
 */
export async function createLicenseHandler(
  deps: RouteDeps,
  request: FastifyRequest,
  body: z.output<typeof ENDPOINTS.createLicense.body>,
) {
  const { db, clock } = deps;
  const licenseDeps = { db, mail: deps.mail, publicUrl: deps.config.PUBLIC_URL };
  const principal = principalOf(request);
  const now = clock.now();
  const created = await auditedChange(
    db,
    request,
    (tx) => createLicense({ ...licenseDeps, db: tx }, principal, body, now),
    (done) => ({
      event: 'license.create',
      actor: principal.accountId,
      at: now,
      detail: {
        customer: done.customerId,
        customerCreated: done.customerCreated,
        groupKey: done.groupKey,
        quantity: done.quantity,
        license: done.licenseId,
        ...(done.sourceLicenseId ? { sourceLicense: done.sourceLicenseId } : {}),
      },
    }),
  );
  return ok('License created successfully', created);
}
