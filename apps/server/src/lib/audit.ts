import type { FastifyBaseLogger } from 'fastify';

export type AuditOutcome = 'success' | 'failure' | 'refused';

/**
 * One structured line per security event: what, who, outcome, when. Callers pass identifiers
 * only; passwords, tokens and codes never reach this function.
 */
export function audit(
  log: FastifyBaseLogger,
  event: string,
  outcome: AuditOutcome,
  actor: string,
  at: Date,
  detail: Record<string, string | number | boolean> = {},
): void {
  log.info({ audit: true, event, outcome, actor, at: at.toISOString(), ...detail }, event);
}

export interface Refusal {
  /** The signed-in account, or 'anonymous'. */
  actor: string;
  ip: string;
  /** Method and route pattern (`POST /api/User/update-roles`), never the query string. */
  route: string;
  status: number;
  reason: string;
}

/**
 * A refused attempt (403, 404 on an id, 429): at warn, so probing and guessing stand out in the
 * log without a success's detail.
 */
export function auditRefusal(log: FastifyBaseLogger, refusal: Refusal, at: Date): void {
  log.warn({ audit: true, event: 'request.refused', outcome: 'refused', at: at.toISOString(), ...refusal }, 'refused');
}
