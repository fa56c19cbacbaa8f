import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import type { LoginResponse } from '@portal/contracts/login';
import { PAGES, SECURITY_PAGES } from '@portal/contracts/pages';
import type { SsoErrorCode } from '@portal/contracts/sso-errors';
import type { RouteDeps } from '../../core/deps';
import { normalizeEmail } from '../../core/email';
import { ok, routeOf } from '../../core/endpoint';
import { AppError } from '../../core/errors';
import { hit } from '../../core/rate-limit';
import type { Account } from '../../db/schema';
import type { Config } from '../../env';
import { newToken } from '../../lib/tokens';
import { auditInside, recordAudit } from '../audit';
import { auditedSignIn } from '../sessions';
import { BROWSER_COOKIE, exchangeCode, finishAtProvider, LOGIN_MINUTES, SsoRefusal, startSignIn } from './sso.flow';
import type { SsoDeps } from './sso.settings';

const tags = ['Single sign-on'];

interface SignedInBySso {
  account: Account;
  response: LoginResponse;
  providerMfa: boolean;
}

/** Starts, tests and exchanges a minute per client address: RATE_LIMIT_PER_ADDRESS, as sign-ins. */
export const perAddress = (config: Config, kind: string, ip: string) => ({
  key: `sso-${kind}:${ip}`,
  max: config.RATE_LIMIT_PER_ADDRESS,
  windowSeconds: 60,
});

/** The value of the browser's binding cookie, when it has a sane one. */
function browserOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === BROWSER_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Back to the SSO sign-in page with the code it explains. */
function toLogin(reply: FastifyReply, code: SsoErrorCode) {
  return reply.redirect(`${PAGES.ssoSignIn}?sso_error=${encodeURIComponent(code)}`, 302);
}

/**
 * The browser's way through single sign-on (decision 038): the start, the provider's callback, and
 * the web app's exchange of its one-time code. Every refusal on the way sends the browser back to
 * the login page with a code it explains, and is audited (`auth.sso`).
 */
export function registerSignInRoutes(app: FastifyInstance, sso: SsoDeps, deps: RouteDeps): void {
  registerStart(app, sso, deps);
  registerCallback(app, sso, deps);
  registerExchange(app, sso, deps);
}

/** `GET /Sso/start`: to the provider, with the browser bound by its cookie. */
function registerStart(app: FastifyInstance, sso: SsoDeps, deps: RouteDeps): void {
  const { db, clock, config } = deps;
  const secure = config.PUBLIC_URL.startsWith('https:');
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    ...routeOf(ENDPOINTS.ssoStart, {
      tags,
      summary: 'Start single sign-on',
      description:
        "Finds the organisation by the email's domain and sends the browser to its identity provider " +
        '(authorization code flow with PKCE, state and nonce; `login_hint` is the email). Sets the cookie that ' +
        'binds the sign-in to this browser. A refusal sends the browser to the login page with `sso_error`.',
      security: [],
      success: {
        status: 302,
        description: "To the provider's authorization endpoint, or to `/sso?sso_error=<code>`.",
        headers: { Location: 'The next address.', 'Set-Cookie': `${BROWSER_COOKIE}: the browser's binding.` },
      },
    }),
    config: { public: true },
    handler: async (request, reply) => {
      const now = clock.now();
      const typed = request.query.email;
      try {
        await hit(db, perAddress(config, 'start', request.ip), now);
        const browser = browserOf(request) ?? newToken();
        const { url } = await startSignIn(sso, typed, browser, now);
        reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=${browser}; Path=/api/Sso; HttpOnly; SameSite=Lax; Max-Age=${LOGIN_MINUTES * 60}${secure ? '; Secure' : ''}`,
        );
        return reply.redirect(url, 302);
      } catch (error) {
        const code = refusalCode(error);
        await recordAudit(db, request, 'auth.sso', code === 'too-many' ? 'refused' : 'failure', actorOf(typed), now, {
          step: 'start',
          reason: code,
        });
        return toLogin(reply, code);
      }
    },
  });
}

/** `GET /Sso/callback`: from the provider to `/sso-callback?code=…`. */
function registerCallback(app: FastifyInstance, sso: SsoDeps, deps: RouteDeps): void {
  const { db, clock } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    ...routeOf(ENDPOINTS.ssoCallback, {
      tags,
      summary: 'Return from the identity provider',
      description:
        'Where the provider sends the browser back. Checks the state (once, within 10 minutes, from the browser ' +
        'that started), exchanges the code with PKCE and checks the ID token (signature, issuer, audience, expiry, ' +
        'nonce). An account of the organisation signs in; an unknown email of an owned domain is created with the ' +
        "organisation's default role. Sends the browser to `/sso-callback?code=<one-time code>`, valid one minute.",
      security: [],
      success: {
        status: 302,
        description: 'To `/sso-callback?code=…`, or to `/sso?sso_error=<code>`.',
        headers: { Location: 'The next address.' },
      },
    }),
    config: { public: true },
    handler: async (request, reply) => {
      const now = clock.now();
      const currentUrl = new URL(sso.redirectUri);
      currentUrl.search = new URL(request.url, 'http://x').search;
      try {
        const created = auditInside(request, (account: Account) => ({
          event: 'account.create',
          actor: account.id,
          at: now,
          detail: { method: 'sso', target: account.id, role: account.roles[0] ?? 'User' },
        }));
        const outcome = await finishAtProvider(sso, currentUrl, request.query, browserOf(request), now, created.write);
        created.log();
        await recordAudit(db, request, 'auth.sso', 'success', outcome.account.id, now, {
          tenant: outcome.tenantId,
          created: outcome.created,
          providerMfa: outcome.providerMfa,
        });
        return reply.redirect(`${SECURITY_PAGES.ssoCallback}?code=${encodeURIComponent(outcome.code)}`, 302);
      } catch (error) {
        const code = refusalCode(error);
        const actor = error instanceof SsoRefusal ? error.email : null;
        await recordAudit(db, request, 'auth.sso', 'failure', actor ?? 'anonymous', now, {
          step: 'callback',
          reason: code,
          ...(error instanceof SsoRefusal ? { detail: error.detail.slice(0, 200) } : {}),
        });
        return toLogin(reply, code);
      }
    },
  });
}

/** `POST /Sso/exchange`: the one-time code for the session. */
function registerExchange(app: FastifyInstance, sso: SsoDeps, deps: RouteDeps): void {
  const { db, clock, config } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    ...routeOf(ENDPOINTS.ssoExchange, {
      tags,
      summary: 'Exchange the one-time code for a session',
      description:
        'The web app sends the code of `/sso-callback` from the browser that started (its cookie). Single use, one ' +
        'minute. Answers as `POST /User/login` does; when the provider said the person passed its MFA (`amr`), no ' +
        'second factor is asked.',
      security: [],
      refusals: {
        400: 'The code is unknown, used, expired, or from another browser.',
        403: 'The account is deactivated.',
        429: 'RATE_LIMIT_PER_ADDRESS attempts a minute from this address.',
      },
    }),
    config: { public: true },
    handler: async (request) => {
      const now = clock.now();
      await hit(db, perAddress(config, 'exchange', request.ip), now);
      const how = {
        method: 'sso',
        subject: 'anonymous',
        detail: ({ providerMfa }: SignedInBySso) => ({ providerMfa }),
      } as const;
      return ok(
        await auditedSignIn(db, request, now, how, (write) =>
          exchangeCode(sso, request.body.code, browserOf(request), now, write),
        ),
      );
    },
  });
}

function refusalCode(error: unknown): SsoErrorCode {
  if (error instanceof SsoRefusal) return error.code;
  if (error instanceof AppError && error.statusCode === 429) return 'too-many';
  throw error;
}

const actorOf = (typed: string) => normalizeEmail(typed).slice(0, 254) || 'anonymous';
