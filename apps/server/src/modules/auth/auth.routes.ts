import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema, loginRequestSchema, loginResponseSchema } from '@portal/contracts/auth';
import { envelope } from '@portal/contracts/envelope';
import type { AppDeps } from '../../app';
import { AppError } from '../../lib/errors';
import { principalOf } from '../../plugins/authorize';
import { currentUser, login } from './auth.service';
import { revokeSession } from './sessions.repository';

/** Sign-in and the current session: `POST User/login`, `GET User/me`, `POST User/logout`. */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock, sessionPolicy } = deps;

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags: ['Sign-in'],
        summary: 'Sign in with email and password',
        security: [],
        body: loginRequestSchema,
        response: { 200: envelope(loginResponseSchema) },
      },
    },
    async (request) => {
      try {
        const { response, accountId } = await login(db, sessionPolicy, request.body, clock.now());
        request.log.info({ event: 'auth.login', outcome: 'success', accountId }, 'sign-in');
        return { success: true as const, data: response };
      } catch (error) {
        if (error instanceof AppError) {
          request.log.info({ event: 'auth.login', outcome: 'failure', status: error.statusCode }, 'sign-in');
        }
        throw error;
      }
    },
  );

  app.get(
    '/me',
    {
      config: { permission: 'self:read', beforeEula: true },
      schema: { tags: ['Sign-in'], summary: 'The signed-in account', response: { 200: envelope(currentUserSchema) } },
    },
    async (request) => ({ success: true as const, data: await currentUser(db, principalOf(request).accountId) }),
  );

  app.post(
    '/logout',
    {
      config: { permission: 'self:read', beforeEula: true },
      schema: { tags: ['Sign-in'], summary: 'End this session', response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await revokeSession(db, principalOf(request).sessionId, clock.now());
      request.log.info({ event: 'auth.logout', outcome: 'success', accountId: principalOf(request).accountId }, 'sign-out');
      return { success: true as const, data: null };
    },
  );
};
