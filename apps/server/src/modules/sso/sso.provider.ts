import * as client from 'openid-client';
import type { SsoTestResult } from '@portal/contracts/sso';
import { guardedFetch } from '../../lib/guarded-fetch';
import { RefusedAddressError } from '../../lib/network-guard';

/** How the server reaches an identity provider: the guard's setting and a deadline. */
export interface ProviderAccess {
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * The `amr` values (RFC 8176) that say the provider checked a second factor (decision 038): `mfa`
 * itself, or two distinct factors of the list below (a password and a one-time code, a hardware key
 * and a PIN). A single `pwd`, `otp` or `hwk` is one factor.
 */
const FACTORS = new Set([
  'pwd',
  'pin',
  'otp',
  'sms',
  'tel',
  'hwk',
  'swk',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
  'kba',
  'sc',
  'user',
  'pop',
]);

export function amrSaysMfa(amr: unknown): boolean {
  if (!Array.isArray(amr)) return false;
  const values = amr.filter((value): value is string => typeof value === 'string');
  if (values.includes('mfa')) return true;
  return new Set(values.filter((value) => FACTORS.has(value))).size >= 2;
}

/**
 * The provider's configuration: its discovery document, fetched through the SSRF guard (so are
 * its keys and token endpoint afterwards), checked by openid-client (the issuer must be the one
 * configured, exactly).
 */
export async function discover(
  access: ProviderAccess,
  connection: { issuer: string; clientId: string; clientSecret?: string },
): Promise<client.Configuration> {
  const fetch = guardedFetch(access);
  const config = await client.discovery(
    new URL(connection.issuer),
    connection.clientId,
    connection.clientSecret === undefined ? undefined : { client_secret: connection.clientSecret },
    connection.clientSecret === undefined ? client.None() : client.ClientSecretPost(connection.clientSecret),
    {
      [client.customFetch]: fetch,
      timeout: Math.ceil(access.timeoutMs / 1000),
      ...(access.allowPrivate ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
  config[client.customFetch] = fetch;
  return config;
}

/** A refusal of the guard or the library, in a sentence for an Admin. */
export function describeProviderError(error: unknown): string {
  if (error instanceof RefusedAddressError) return `Refused: ${error.message}.`;
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof RefusedAddressError) return `Refused: ${cause.message}.`;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string })?.code;
  if (code === 'OAUTH_HTTP_REQUEST_FORBIDDEN' || /only requests to HTTPS/i.test(message)) {
    return 'Refused: the issuer must use https.';
  }
  return message.length > 300 ? `${message.slice(0, 300)}…` : message;
}

/** What "Test connection" answers: the discovery's outcome. */
export async function testDiscovery(access: ProviderAccess, issuer: string): Promise<SsoTestResult> {
  try {
    const config = await discover(access, { issuer, clientId: 'test-connection' });
    const metadata = config.serverMetadata();
    return {
      ok: true,
      message: 'The issuer answered its discovery document.',
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint ?? null,
      tokenEndpoint: metadata.token_endpoint ?? null,
      jwksUri: metadata.jwks_uri ?? null,
    };
  } catch (error) {
    return {
      ok: false,
      message: `Discovery failed: ${describeProviderError(error)}`,
      issuer: null,
      authorizationEndpoint: null,
      tokenEndpoint: null,
      jwksUri: null,
    };
  }
}
