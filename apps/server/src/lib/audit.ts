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
