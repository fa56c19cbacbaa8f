import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, text } from './fields';

/** The actions the audit trail records (apps/server/src/lib/audit.ts callers), for the filter. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.sso',
  'sso.settings',
  'auth.logout',
  'auth.2fa',
  'auth.2fa.resend',
  'mfa.totp.enable',
  'mfa.totp.remove',
  'mfa.recovery.renew',
  'mfa.policy',
  'mfa.reset',
  'mfa.passkey.add',
  'mfa.passkey.rename',
  'mfa.passkey.remove',
  'auth.password.change',
  'auth.password.forgot',
  'auth.password.reset',
  'auth.email.confirm',
  'eula.accept',
  'eula.decline',
  'account.create',
  'account.pool',
  'account.roles',
  'account.status',
  'account.password.set',
  'account.transfer',
  'pool.create',
  'pool.members',
  'license.create',
  'stock.allocate',
  'stock.revoke',
  'agent.machine',
  'agent.machine.refused',
  'machine.release',
  'agent.machine.blocked',
  'machine.block',
  'machine.unblock',
  'agent.job.start',
  'agent.job.end',
  'mailbox.skips.accept',
  'alert.settings',
  'alert.sent',
  'data.export',
  'apikey.create',
  'apikey.revoke',
  'webhook.create',
  'webhook.delete',
  'webhook.rotate',
  'webhook.enable',
  'webhook.disable',
  'webhook.test',
  'webhook.resend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const isoInstant = z.iso.datetime({ offset: true, message: 'A date and time in ISO 8601' });

/** `GET /Audit`: the trail, newest first, paged on the server. `to` is exclusive. */
export const auditListQuerySchema = inputObject({
  pageNumber: pageNumberField,
  pageSize: pageSizeField(200, 50),
  /** The account that acted (its id). */
  accountId: idField.optional(),
  /** The email of the account that acted, or typed on a failed sign-in (contains, case-insensitive). */
  email: text().trim().max(254).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One row of the trail: who, what, when, from which address. */
export const auditEventSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The API key the account acted through, or null (decision 032). */
  apiKeyName: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  ip: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
