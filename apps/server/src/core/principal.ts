import type { FastifyRequest } from 'fastify';
import type { Locale } from '@portal/contracts/locales';
import type { ApiKeyScope } from '@portal/contracts/api-keys';
import type { Role } from '@portal/contracts/roles';
import type { SessionKind } from '../db/schema';
import { unauthorized } from './errors';

/** Who is calling, as the route guards and handlers see it. */
export interface Principal {
  accountId: string;
  /** The account's parent: the organisation an Auditor reads. */
  parentId: string | null;
  /** The top account of its organisation, which keys its migration data (core/tenant.ts). */
  tenantId: string;
  /** The session's id, or the API key's when a key is calling. */
  sessionId: string;
  kind: SessionKind;
  roles: Role[];
  eulaAccepted: boolean;
  /** What the user menu shows; "Last Login" is the sign-in before this one (this one on a first). */
  profile: { name: string; email: string; lastLogin: string | null; timeZone: string | null; locale: Locale | null };
  /** The API key the account is calling through (decision 032), or null for a signed-in person. */
  apiKey: { id: string; name: string; scopes: readonly ApiKeyScope[] } | null;
}

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
