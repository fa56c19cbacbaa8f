import type { FastifyRequest } from 'fastify';
import type { LoginResponse } from '@portal/contracts/login';
import type { InTransaction } from '../../core/deps';
import type { SecurityDetail } from '../../core/security-log';
import { AppError } from '../../core/errors';
import type { Database } from '../../db/client';
import type { Account } from '../../db/schema';
import { auditInside, recordAudit } from '../audit';

/** What a sign-in's answer leads to, as its audit row says. */
function stepOf(response: LoginResponse): string {
  if (response.requirePasswordChange) return 'password-change';
  if (response.requireTwoFactor) return 'two-factor';
  if (response.requireMfaSetup) return 'mfa-setup';
  return 'complete';
}

type Done = { account: Account; response: LoginResponse };

/**
 * Runs a sign-in (password, passkey alone, single sign-on) with its `auth.login` row written in the
 * sign-in's own transaction, and records a refusal: one place for what every way in audits.
 */
export async function auditedSignIn<T extends Done>(
  db: Database,
  request: FastifyRequest,
  now: Date,
  how: {
    /** How the person signed in; absent for the password. */
    method?: 'passkey' | 'sso';
    /** Who a refusal is recorded against: the typed email, or the method when none was typed. */
    subject: string;
    detail?: (done: T) => SecurityDetail;
  },
  run: (write: InTransaction<T>) => Promise<T>,
): Promise<LoginResponse> {
  const method: SecurityDetail = how.method ? { method: how.method } : {};
  try {
    const audit = auditInside(request, (done: T) => ({
      event: 'auth.login',
      actor: done.account.id,
      at: now,
      detail: { ...method, ...how.detail?.(done), step: stepOf(done.response) },
    }));
    const { response } = await run(audit.write);
    audit.log();
    return response;
  } catch (error) {
    if (error instanceof AppError) {
      const outcome = error.statusCode === 429 ? 'refused' : 'failure';
      await recordAudit(db, request, 'auth.login', outcome, how.subject, now, { status: error.statusCode, ...method });
    }
    throw error;
  }
}
