import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for the API tests (decision 037): an ES256 key made here, an attestation of
 * format 'none' and assertions signed with node:crypto, so the server's real WebAuthn verification
 * runs on them. Only the CBOR the authenticator writes is encoded (maps, integers, byte and text
 * strings).
 */

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>;

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');

// Authenticator data flags: user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  counter: number;
}

export function newSoftPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return { credentialId: randomBytes(32), privateKey, cosePublicKey, counter: 0 };
}

interface Where {
  origin: string;
  rpId: string;
}
const LOCAL: Where = { origin: 'http://localhost:8080', rpId: 'localhost' };

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The browser's RegistrationResponseJSON for `options` (the server's creation options). */
export function registrationOf(key: SoftPasskey, options: { challenge: string }, where: Where = LOCAL) {
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authData = Buffer.concat([
    sha256(where.rpId),
    Buffer.from([UP | UV | AT]),
    counter,
    Buffer.alloc(16), // aaguid
    idLength,
    key.credentialId,
    key.cosePublicKey,
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  return {
    id: b64(key.credentialId),
    rawId: b64(key.credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64(clientData('webauthn.create', options.challenge, where.origin)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
}

/**
 * The browser's AuthenticationResponseJSON for `options`, signed by `key` with its next counter
 * (`counter` chooses another; `verified: false` leaves the user-verified flag off).
 */
export function assertionOf(
  key: SoftPasskey,
  options: { challenge: string },
  { where = LOCAL, counter, verified = true }: { where?: Where; counter?: number; verified?: boolean } = {},
) {
  key.counter = counter ?? key.counter + 1;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(key.counter);
  const authData = Buffer.concat([sha256(where.rpId), Buffer.from([UP | (verified ? UV : 0)]), count]);
  const data = clientData('webauthn.get', options.challenge, where.origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), key.privateKey);
  return {
    id: b64(key.credentialId),
    rawId: b64(key.credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64(data),
      authenticatorData: b64(authData),
      signature: b64(signature),
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
}
