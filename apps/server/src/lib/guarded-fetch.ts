import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveAllowed } from './network-guard';

/** The most of an answer that is read: a discovery document or a key set, never a stream. */
const MAX_BODY_BYTES = 512 * 1024;

export interface GuardedFetchOptions {
  /** The operator's SSO_ALLOW_PRIVATE_ISSUERS: loopback and private networks, and plain http there. */
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * A `fetch` for addresses of a customer's choosing (an identity provider's discovery, keys and
 * token endpoint; decision 038), with the webhooks' guard against server-side request forgery
 * (lib/network-guard.ts, decision 033): the name is resolved and every address checked before each
 * request, the connection is made to the checked address (DNS rebinding cannot turn it), no redirect
 * is followed, at most 512 KB are read and the whole request has a deadline. TLS still verifies the
 * host name.
 */
export function guardedFetch(options: GuardedFetchOptions) {
  return async (
    input: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown; signal?: AbortSignal | null } = {},
  ): Promise<Response> => {
    const url = new URL(input);
    const address = await resolveAllowed(url, options.allowPrivate);
    const pinned: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    const body = bodyText(init.body);
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: init.method ?? 'GET',
          lookup: pinned,
          headers,
          agent: false,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_BODY_BYTES) {
              response.destroy();
              reject(new Error(`the answer of ${url.host} is larger than ${MAX_BODY_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            clearTimeout(timer);
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const one of [value].flat()) answerHeaders.append(name, one);
            }
            const status = response.statusCode ?? 502;
            const nullBody = status === 204 || status === 304;
            resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer from ${url.host} within ${Math.round(options.timeoutMs / 1000)} s`));
      }, options.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  };
}

/** What openid-client sends: nothing, a form (URLSearchParams) or text. */
function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  throw new Error('unsupported request body');
}
