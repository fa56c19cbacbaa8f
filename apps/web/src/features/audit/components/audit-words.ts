import { t } from '@lingui/core/macro';
import type { AuditAction } from '@portal/contracts/audit';

// The Audit Trail's words for the values the API sends (actions, outcomes), in the language shown:
// the values themselves stay as sent (the Action filter, the URL, the CSV export's cells).

function actionLabels(): Record<AuditAction, string> {
  return {
    'auth.login': t`Sign-in`,
    'auth.sso': t`Single sign-on`,
    'sso.settings': t`Single sign-on settings changed`,
    'auth.logout': t`Sign-out`,
    'auth.2fa': t`Two-factor code entered`,
    'auth.2fa.resend': t`Two-factor code resent`,
    'mfa.totp.enable': t`Authenticator app set up`,
    'mfa.totp.remove': t`Authenticator app removed`,
    'mfa.recovery.renew': t`Recovery codes renewed`,
    'mfa.policy': t`MFA policy changed`,
    'mfa.reset': t`Second factors reset by an Admin`,
    'mfa.passkey.add': t`Passkey added`,
    'mfa.passkey.rename': t`Passkey renamed`,
    'mfa.passkey.remove': t`Passkey removed`,
    'auth.password.change': t`Password changed`,
    'auth.password.forgot': t`Password reset requested`,
    'auth.password.reset': t`Password reset`,
    'auth.email.confirm': t`Email confirmed`,
    'eula.accept': t`EULA accepted`,
    'eula.decline': t`EULA declined`,
    'account.create': t`Account created`,
    'account.pool': t`Account pool changed`,
    'account.roles': t`Roles changed`,
    'account.status': t`Account status changed`,
    'account.password.set': t`Account password set`,
    'account.transfer': t`Account transferred`,
    'pool.create': t`Pool created`,
    'pool.members': t`Pool members changed`,
    'license.create': t`License created`,
    'stock.allocate': t`Licenses allocated`,
    'stock.revoke': t`Licenses revoked`,
    'agent.machine': t`Machine registered`,
    'agent.machine.refused': t`Machine refused`,
    'machine.release': t`Machine released`,
    'agent.machine.blocked': t`Blocked machine refused`,
    'machine.block': t`Machine blocked`,
    'machine.unblock': t`Machine unblocked`,
    'agent.job.start': t`Migration job started`,
    'agent.job.end': t`Migration job ended`,
    'mailbox.skips.accept': t`Skipped items accepted`,
    'alert.settings': t`Alert settings changed`,
    'alert.sent': t`Alert mail sent`,
    'data.export': t`Data exported`,
    'apikey.create': t`API key created`,
    'apikey.revoke': t`API key revoked`,
    'webhook.create': t`Webhook created`,
    'webhook.delete': t`Webhook deleted`,
    'webhook.rotate': t`Webhook secret rotated`,
    'webhook.enable': t`Webhook enabled`,
    'webhook.disable': t`Webhook disabled (failing)`,
    'webhook.test': t`Webhook test event sent`,
    'webhook.resend': t`Webhook delivery sent again`,
  };
}

/** An action as a sentence's subject ('Sign-in'); an action this screen does not know, as sent. */
export function auditActionText(action: string): string {
  const labels: Readonly<Record<string, string>> = actionLabels();
  return Object.hasOwn(labels, action) ? labels[action]! : action;
}

/** Every action the Action filter offers: the value, and its words in the language shown. */
export function auditActionOptions(actions: readonly AuditAction[]) {
  const labels = actionLabels();
  return actions.map((value) => ({ value, label: labels[value] }));
}

export function auditOutcomeText(outcome: string): string {
  const labels: Readonly<Record<string, string>> = { success: t`Success`, failure: t`Failure`, refused: t`Refused` };
  return Object.hasOwn(labels, outcome) ? labels[outcome]! : outcome;
}
