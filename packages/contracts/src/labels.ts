import type { UsageType } from './licenses';
import type { LicenseMovement } from './movements';
import type { MigrationStatus } from './reports';

/**
 * What people read for the API's internal values: one table, used by the web app's columns,
 * badges and filters and by the server's CSV exports, so a screen and its export say the same. The
 * API's JSON keeps the values themselves (they are the contract); only what is shown changes.
 */

/** Transactional is displayed as Pay-Per-Use. */
export const USAGE_TYPE_LABELS: Record<UsageType, string> = {
  Transactional: 'Pay-Per-Use',
  NodeLocked: 'Node-Locked',
  NodeLockedForever: 'Node-Locked Forever',
};

/** A status reads as words: InProgress is shown as 'In Progress', the same on the screens, the PDF and the CSV. */
export const MIGRATION_STATUS_LABELS: Record<MigrationStatus, string> = {
  NotStarted: 'Not Started',
  InProgress: 'In Progress',
  Completed: 'Completed',
  CompletedWithErrors: 'Completed with errors',
  Failed: 'Failed',
  Cancelled: 'Cancelled',
};

/** The audit trail's actions (contracts/audit.ts AUDIT_ACTIONS), as a sentence's subject. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.login': 'Sign-in',
  'auth.sso': 'Single sign-on',
  'sso.settings': 'Single sign-on settings changed',
  'auth.logout': 'Sign-out',
  'auth.2fa': 'Two-factor code entered',
  'auth.2fa.resend': 'Two-factor code resent',
  'mfa.totp.enable': 'Authenticator app set up',
  'mfa.totp.remove': 'Authenticator app removed',
  'mfa.recovery.renew': 'Recovery codes renewed',
  'mfa.policy': 'MFA policy changed',
  'mfa.reset': 'Second factors reset by an Admin',
  'mfa.passkey.add': 'Passkey added',
  'mfa.passkey.rename': 'Passkey renamed',
  'mfa.passkey.remove': 'Passkey removed',
  'auth.password.change': 'Password changed',
  'auth.password.forgot': 'Password reset requested',
  'auth.password.reset': 'Password reset',
  'auth.email.confirm': 'Email confirmed',
  'eula.accept': 'EULA accepted',
  'eula.decline': 'EULA declined',
  'account.create': 'Account created',
  'account.pool': 'Account pool changed',
  'account.roles': 'Roles changed',
  'account.status': 'Account status changed',
  'account.password.set': 'Account password set',
  'account.transfer': 'Account transferred',
  'pool.create': 'Pool created',
  'pool.members': 'Pool members changed',
  'license.create': 'License created',
  'stock.allocate': 'Licenses allocated',
  'stock.revoke': 'Licenses revoked',
  'agent.machine': 'Machine registered',
  'agent.machine.refused': 'Machine refused',
  'machine.release': 'Machine released',
  'agent.machine.blocked': 'Blocked machine refused',
  'machine.block': 'Machine blocked',
  'machine.unblock': 'Machine unblocked',
  'agent.job.start': 'Migration job started',
  'agent.job.end': 'Migration job ended',
  'mailbox.skips.accept': 'Skipped items accepted',
  'alert.settings': 'Alert settings changed',
  'alert.sent': 'Alert mail sent',
  'data.export': 'Data exported',
  'apikey.create': 'API key created',
  'apikey.revoke': 'API key revoked',
  'webhook.create': 'Webhook created',
  'webhook.delete': 'Webhook deleted',
  'webhook.rotate': 'Webhook secret rotated',
  'webhook.enable': 'Webhook enabled',
  'webhook.disable': 'Webhook disabled (failing)',
  'webhook.test': 'Webhook test event sent',
  'webhook.resend': 'Webhook delivery sent again',
};

/** Who acted, as screens and exports name it: the account, and the API key it acted through. */
export function actorLabel(actor: string | null, apiKeyName: string | null | undefined): string | null {
  if (actor === null || !apiKeyName) return actor;
  return `${actor} via key '${apiKeyName}'`;
}

export const AUDIT_OUTCOME_LABELS: Readonly<Record<string, string>> = {
  success: 'Success',
  failure: 'Failure',
  refused: 'Refused',
};

/** How a migration job is licensed (decision 018): the machine's node-locked unit, or a unit per mailbox. */
export const LICENSING_LABELS: Readonly<Record<string, string>> = {
  PerMailbox: 'Per mailbox',
  NodeLocked: 'Node-locked machine',
};

/** A Default pool is shown as Individual. */
export const POOL_TYPE_LABELS: Record<'Default' | 'Pool', string> = { Default: 'Individual', Pool: 'Shared' };

/** A value of one of the tables above, or the value itself when the table does not know it. */
const labelIn = (table: Readonly<Record<string, string>>, value: string) =>
  Object.hasOwn(table, value) ? (table[value] ?? value) : value;

export const usageTypeLabel = (value: string) => labelIn(USAGE_TYPE_LABELS, value);
export const migrationStatusLabel = (value: string) => labelIn(MIGRATION_STATUS_LABELS, value);
export const auditActionLabel = (value: string) => labelIn(AUDIT_ACTION_LABELS, value);
export const auditOutcomeLabel = (value: string) => labelIn(AUDIT_OUTCOME_LABELS, value);
export const poolTypeLabel = (value: string) => labelIn(POOL_TYPE_LABELS, value);
export const licensingLabel = (value: string) => labelIn(LICENSING_LABELS, value);

/**
 * A value of an audit event's detail as a person reads it: the job's licensing and status and a
 * lot's usage type in words, yes/no for flags; ids, names and counts as they are.
 */
export function auditDetailValue(name: string, value: string | number | boolean): string {
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return String(value);
  if (name === 'licensing') return licensingLabel(value);
  if (name === 'status') return migrationStatusLabel(value);
  if (name === 'usageType') return usageTypeLabel(value);
  return value;
}
/** A yes/no cell of a table or an export (never "true"/"false"). */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** An account's state, in words ("Status is currently Active"). */
export const activeLabel = (active: boolean) => (active ? 'Active' : 'Inactive');

/** Where a movement went. A node-locked license binds a unit to a migration machine: say so. */
export const MOVEMENT_TARGET_LABELS: Record<LicenseMovement['targetType'], string> = {
  User: 'User',
  Pool: 'Pool',
  Mailbox: 'Mailbox',
  Machine: 'Machine (node-locked)',
};
