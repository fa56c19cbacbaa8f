import { createHmac, hash, randomBytes } from 'node:crypto';

/** A new opaque secret of 256 bits, URL-safe. Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 in hex; the one-shot `hash` costs a third of a createHash chain, and it runs on every guarded request. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Keys the API keys' hash when the operator sets no API_KEY_PEPPER (decision 032). */
const DEFAULT_KEY_PEPPER = 'license-portal api key v1';

/**
 * The stored form of an API key: HMAC-SHA256 keyed with the operator's pepper. Fast on purpose:
 * the key is 256 random bits, so no guessing can be slowed further; the pepper, kept outside the
 * database, means a copy of the database alone cannot even confirm a leaked key.
 */
export function hashApiKey(key: string, pepper: string = DEFAULT_KEY_PEPPER): string {
  return createHmac('sha256', pepper).update(key).digest('hex');
}
