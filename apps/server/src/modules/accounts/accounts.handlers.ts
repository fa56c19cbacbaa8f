import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import { MFA_MSG } from '@portal/contracts/mfa';
import type { RouteDeps } from '../../core/deps';
import { ok } from '../../core/endpoint';
import { principalOf } from '../../core/principal';
import { auditedChange } from '../audit';
import { passwordRequirements, strengthCheckOf } from '../passwords';
import {
  type AccountDeps,
  createChildAccount,
  prepareChildPassword,
  resetChildFactors,
  setChildPassword,
  setStatus,
  transferAccount,
  unusablePasswordHash,
  updatePool,
  updateRoles,
} from './accounts.service';

type BodyOf<K extends keyof typeof ALL_ENDPOINTS> = (typeof ALL_ENDPOINTS)[K] extends { body: z.ZodType }
  ? z.output<(typeof ALL_ENDPOINTS)[K]['body']>
  : never;

/** What the account services need of the server's dependencies. */
function accountDepsOf(deps: RouteDeps): AccountDeps {
  const { config } = deps;
  return {
    db: deps.db,
    mail: deps.mail,
    publicUrl: config.PUBLIC_URL,
    downloadUrl: config.DOWNLOAD_URL,
    requirements: { ...passwordRequirements(config), strength: strengthCheckOf(deps.cpu) },
  };
}

// The changes an Admin makes to its child accounts (accounts.routes.ts): each runs its service and
// writes its audit row in one transaction (auditedChange), and answers the message the screen shows.

export async function createChildHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'createChildAccount'>) {
  const accountDeps = accountDepsOf(deps);
  const { db, clock } = deps;
  const principal = principalOf(request);
  const now = clock.now();
  const passwordHash = await unusablePasswordHash();
  const created = await auditedChange(
    db,
    request,
    (tx) => createChildAccount({ ...accountDeps, db: tx }, principal, body, now, passwordHash),
    (done) => ({ event: 'account.create', actor: principal.accountId, at: now, detail: { target: done.id } }),
  );
  return ok('Child account created successfully', created);
}

export async function movePoolHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'updatePool'>) {
  const { db, clock } = deps;
  const principal = principalOf(request);
  const { pool } = await auditedChange(
    db,
    request,
    (tx) => updatePool(tx, principal, body),
    (done) => ({
      event: 'account.pool',
      actor: principal.accountId,
      at: clock.now(),
      detail: { target: body.userId, pool: done.pool?.id ?? 'Individual' },
    }),
  );
  return ok(pool ? `Moved to pool ${pool.name}.` : 'Set to Individual.', null);
}

export async function setRolesHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'updateRoles'>) {
  const { db, clock } = deps;
  const principal = principalOf(request);
  await auditedChange(db, request, (tx) => updateRoles(tx, principal, body), {
    event: 'account.roles',
    actor: principal.accountId,
    at: clock.now(),
    detail: { target: body.userId, roles: body.roles.join(',') },
  });
  return ok('Roles updated.', null);
}

export async function setStatusHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'toggleChildStatus'>) {
  const { db, clock } = deps;
  const principal = principalOf(request);
  await auditedChange(db, request, (tx) => setStatus(tx, principal, body, clock.now()), {
    event: 'account.status',
    actor: principal.accountId,
    at: clock.now(),
    detail: { target: body.childId, active: body.active },
  });
  return ok(body.active ? 'User activated.' : 'User deactivated.', null);
}

export async function resetPasswordHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'setChildPassword'>) {
  const accountDeps = accountDepsOf(deps);
  const { db, clock } = deps;
  const principal = principalOf(request);
  const prepared = await prepareChildPassword(accountDeps, principal, body);
  const { email, generated } = await auditedChange(
    db,
    request,
    (tx) => setChildPassword({ ...accountDeps, db: tx }, principal, body, prepared, clock.now()),
    (done) => ({
      event: 'account.password.set',
      actor: principal.accountId,
      at: clock.now(),
      detail: { target: body.childId, generated: done.generated },
    }),
  );
  return ok(generated ? `A new password has been emailed to ${email}.` : 'Password updated.', null);
}

export async function transferHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'updateEmail'>) {
  const accountDeps = accountDepsOf(deps);
  const { db, clock } = deps;
  const principal = principalOf(request);
  const unusable = await unusablePasswordHash();
  const { transferred } = await auditedChange(
    db,
    request,
    (tx) => transferAccount({ ...accountDeps, db: tx }, principal, body, clock.now(), unusable),
    (done) => ({
      event: 'account.transfer',
      actor: principal.accountId,
      at: clock.now(),
      detail: { target: body.userId, transferred: done.transferred },
    }),
  );
  return ok(
    transferred
      ? `Account transferred. A confirmation email has been sent to ${body.newEmail}.`
      : 'Account name updated.',
    null,
  );
}

export async function resetFactorsHandler(deps: RouteDeps, request: FastifyRequest, body: BodyOf<'resetChildMfa'>) {
  const { db, clock } = deps;
  const principal = principalOf(request);
  await auditedChange(
    db,
    request,
    (tx) => resetChildFactors({ ...accountDepsOf(deps), db: tx }, principal, body, clock.now()),
    { event: 'mfa.reset', actor: principal.accountId, at: clock.now(), detail: { target: body.childId } },
  );
  return ok(MFA_MSG.childFactorsReset, null);
}
