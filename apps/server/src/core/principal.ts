import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';
import type { Principal } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authorization guard (plugins/authorize.ts) on every guarded route. */
    principal: Principal | null;
  }
}

/** The caller of a guarded route; guarded routes never run without one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
