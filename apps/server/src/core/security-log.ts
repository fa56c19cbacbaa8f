import type { FastifyBaseLogger } from 'fastify';

export type SecurityOutcome = 'success' | 'failure' | 'refused';

/** The fields of a security event that reach the log and the audit trail: identifiers only. */
export type SecurityDetail = Record<string, string | number | boolean>;

/**
 * One structured line per security event: what, who, outcome, when. Callers pass identifiers
 * only; passwords, tokens and codes never reach this function. The log only: the audit trail's
 * row is written by modules/audit (audit.writer.ts), which writes this line too.
 */
export function logSecurityEvent(
  log: FastifyBaseLogger,
  event: string,
  outcome: SecurityOutcome,
  actor: string,
  at: Date,
  detail: SecurityDetail = {},
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
export function logSecurityRefusal(log: FastifyBaseLogger, refusal: Refusal, at: Date): void {
  log.warn({ audit: true, event: 'request.refused', outcome: 'refused', at: at.toISOString(), ...refusal }, 'refused');
}
