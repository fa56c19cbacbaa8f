import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a request of a customer's choosing (a webhook), against server-side
 * request forgery (decision 033): public unicast addresses only; with `allowPrivate` (the operator's
 * WEBHOOK_ALLOW_PRIVATE_URLS) also loopback and private networks. Link-local addresses, where cloud
 * metadata services answer (169.254.169.254, fd00:ec2::254), and every special range stay refused.
 */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);
/** Metadata services outside the link-local range. */
const METADATA = new Set(['100.100.100.200', 'fd00:ec2::254']);

export type AddressVerdict = 'public' | 'private' | 'refused';

export function addressVerdict(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return 'refused';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA.has(parsed.toNormalizedString()) || METADATA.has(parsed.toString())) return 'refused';
  const range = parsed.range();
  if (range === 'unicast') return 'public';
  return PRIVATE_RANGES.has(range) ? 'private' : 'refused';
}

export class RefusedAddressError extends Error {
  constructor(
    readonly reason: 'unresolved' | 'refused' | 'scheme',
    message: string,
  ) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * The address to connect to for `url`, resolved now and checked: every address the name resolves
 * to must be allowed (a name that also points inside is refused), and the connection must then use
 * this one, so a second lookup cannot be turned elsewhere (DNS rebinding). Plain http only to
 * private addresses, and only with `allowPrivate`.
 */
export async function resolveAllowed(url: URL, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  if (url.username || url.password) throw new RefusedAddressError('refused', 'a URL with credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  try {
    found = ipaddr.isValid(host)
      ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
      : await lookup(host, { all: true });
  } catch {
    throw new RefusedAddressError('unresolved', `${host} could not be resolved`);
  }
  if (found.length === 0) throw new RefusedAddressError('unresolved', `${host} could not be resolved`);
  const verdicts = found.map((entry) => addressVerdict(entry.address));
  if (verdicts.includes('refused') || (!allowPrivate && verdicts.includes('private'))) {
    throw new RefusedAddressError('refused', `${host} resolves to an address that is not allowed`);
  }
  if (url.protocol === 'http:' && !(allowPrivate && verdicts.every((verdict) => verdict === 'private'))) {
    throw new RefusedAddressError('scheme', 'plain http is allowed to private networks only');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedAddressError('scheme', 'not http(s)');
  return found[0]!;
}
