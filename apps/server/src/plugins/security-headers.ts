import type { FastifyInstance } from 'fastify';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with inline style attributes; no inline <style> or script.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The security headers of every response, computed once (OWASP secure headers; the set helmet
 * sends, without rebuilding it per request): a strict CSP (scripts only from this origin, never
 * inline), nosniff, no framing, HSTS, no referrer. Routes may override one (the API docs page
 * sends its own CSP).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * What a JSON answer needs of them (OWASP's REST Security Cheat Sheet): never cached, never framed
 * or sniffed, nothing loaded if it is opened as a page, HTTPS only, readable by this origin only.
 * The rest of the page set says nothing to a JSON reader, and every byte of it is written, and
 * parsed by the client, on every call (docs/decisions/042-lean-request-pipeline.md).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Whether a raw request URL is under /api (`/api` itself, `/api/…`, `/api?…`), in any case. */
export function isApiUrl(url: string): boolean {
  if (url.length < 4 || url.slice(0, 4).toLowerCase() !== '/api') return false;
  const next = url[4];
  return next === undefined || next === '/' || next === '?' || next === '#';
}

/** Sets them first thing, so error answers carry them too; API answers are never cached. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isApiUrl(request.url) ? API_HEADERS : SECURITY_HEADERS);
    done();
  });
}
