import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SecretBox } from '../../lib/secret-box';
import { conflict } from '../../core/errors';

/** A new signing secret as the Standard Webhooks specification writes it: `whsec_` and base64 of 32 bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The box that seals secrets, or a refusal naming what the operator must set. */
export function requireSecrets(secrets: SecretBox | null | undefined): SecretBox {
  if (!secrets) throw conflict('Webhooks need SECRETS_KEY set on the server: ask your operator to set it.');
  return secrets;
}

/**
 * The `webhook-signature` header: `v1,<base64>` by every secret that signs now (after a rotation,
 * the new one and, for 24 hours, the previous one), space-separated, as the specification allows.
 */
export function signatureOf(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}
