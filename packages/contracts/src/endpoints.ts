import { z } from 'zod';
import {
  acceptEulaRequestSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  currentUserSchema,
  eulaSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
  validateTwoFactorRequestSchema,
} from './auth';
import { passkeyLoginOptionsSchema, passkeyLoginRequestSchema, passkeyOptionsSchema } from './mfa';
import type { Endpoint } from './endpoint';
import { ssoCallbackQuerySchema, ssoExchangeRequestSchema, ssoStartQuerySchema } from './sso';
import { envelope } from './envelope';
import { text } from './fields';
import { loginRequestSchema, loginResponseSchema } from './login';
import { passwordRequirementsSchema } from './password-policy';
import { LICENSE_ENDPOINTS } from './license-endpoints';
import type { AgentEndpointName } from './agent-endpoints';
import type { LazyEndpointName } from './lazy-endpoints';
import { ROUTES } from './routes';

export type { Endpoint } from './endpoint';

/** The type of `data` in an endpoint's answer. */
export type DataOf<E extends Endpoint> =
  E['response'] extends z.ZodObject<{ data: infer D extends z.ZodType }> ? z.output<D> : never;
/** The body an endpoint accepts, as the caller writes it (defaults may be left out). */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : never;

const done = envelope(z.null());

/** Every endpoint of the API, keyed like ROUTES. */
export const ENDPOINTS = {
  health: { ...ROUTES.health, response: envelope(z.object({ status: z.literal('ok') })) },
  ready: { ...ROUTES.ready, response: envelope(z.object({ status: z.literal('ok') })) },

  login: { ...ROUTES.login, body: loginRequestSchema, response: envelope(loginResponseSchema) },
  me: { ...ROUTES.me, response: envelope(currentUserSchema) },
  logout: { ...ROUTES.logout, response: done },

  validateTwoFactor: {
    ...ROUTES.validateTwoFactor,
    body: validateTwoFactorRequestSchema,
    response: envelope(tokenResponseSchema),
  },
  resendTwoFactor: { ...ROUTES.resendTwoFactor, response: done },
  passkeyChallenge: { ...ROUTES.passkeyChallenge, response: envelope(passkeyOptionsSchema) },
  passkeyLoginOptions: { ...ROUTES.passkeyLoginOptions, response: envelope(passkeyLoginOptionsSchema) },
  passkeyLogin: { ...ROUTES.passkeyLogin, body: passkeyLoginRequestSchema, response: envelope(loginResponseSchema) },

  passwordRequirements: {
    ...ROUTES.passwordRequirements,
    response: envelope(z.object({ requirements: passwordRequirementsSchema })),
  },
  changePassword: {
    ...ROUTES.changePassword,
    body: changePasswordRequestSchema,
    response: envelope(tokenResponseSchema),
  },
  forgotPassword: { ...ROUTES.forgotPassword, body: forgotPasswordRequestSchema, response: done },
  resetPassword: { ...ROUTES.resetPassword, body: resetPasswordRequestSchema, response: done },

  /**
   * The link of older validation mails: answers a 303 redirect to the confirmation page, not JSON.
   * A mailed link: a gateway that appends tracking parameters must not break it, so unknown query
   * fields are let through.
   */
  confirmEmailLink: { ...ROUTES.confirmEmailLink, query: z.looseObject({ token: text().max(128).default('') }) },
  confirmEmail: { ...ROUTES.confirmEmail, body: confirmEmailRequestSchema, response: done },

  eula: { ...ROUTES.eula, response: envelope(eulaSchema) },
  acceptEula: { ...ROUTES.acceptEula, body: acceptEulaRequestSchema, response: done },
  declineEula: { ...ROUTES.declineEula, response: done },

  ...LICENSE_ENDPOINTS,
  // The Mailboxes and Folders exports and the acceptance of skipped items (decision 044).

  ssoStart: { ...ROUTES.ssoStart, query: ssoStartQuerySchema },
  ssoCallback: { ...ROUTES.ssoCallback, query: ssoCallbackQuerySchema },
  ssoExchange: { ...ROUTES.ssoExchange, body: ssoExchangeRequestSchema, response: envelope(loginResponseSchema) },
} as const satisfies Record<Exclude<keyof typeof ROUTES, LazyEndpointName | AgentEndpointName>, Endpoint>;
