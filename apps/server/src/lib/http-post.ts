import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** What a POST to a customer's endpoint came to. */
export interface PostOutcome {
  /** The answer's status, or null when none came (refused, timed out, reset). */
  statusCode: number | null;
  durationMs: number;
  /** Why there was no answer, or a short note on a non-2xx one. */
  error: string | null;
}

/** The most of an answer's body that is read: enough for an error page, never a stream. */
const MAX_BODY_BYTES = 16_384;

/**
 * POSTs `body` to `url`, connecting to `address` only (already checked by lib/network-guard.ts):
 * no lookup of its own, no redirect followed, at most `timeoutMs` in all, at most 16 KB of the
 * answer read. TLS still checks the certificate against the URL's host name.
 */
export function postTo(
  url: URL,
  address: { address: string; family: number },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostOutcome> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, durationMs: Math.round(performance.now() - started), error });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_BODY_BYTES) response.destroy();
        });
        const status = response.statusCode ?? null;
        const finish = () => done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`);
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done(null, `no answer within ${Math.round(timeoutMs / 1000)} s`);
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => done(null, error.code ?? error.message));
    request.end(body);
  });
}
