import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@portal/contracts/envelope';
import { keyScopeOf, PERMISSIONS } from '@portal/contracts/permissions';
import { ROLES } from '@portal/contracts/roles';
import type { OtherSuccess, RefusalStatus, RouteDocs } from '../core/endpoint';
import type { SessionKind } from '../db/schema';

export const DOCS_PREFIX = '/api/docs';

const ERROR_ENVELOPE = 'ErrorEnvelope';
const BEARER = 'bearer';

const SESSION_KINDS: Record<SessionKind, string> = {
  full: 'a signed-in session',
  'two-factor': 'the pending two-factor sign-in',
  'password-change': 'the forced password change after sign-in',
  'mfa-setup': 'setting up the second factor that the organisation requires, after sign-in',
};

type JsonSchema = Record<string, unknown>;
type DocumentedSchema = JsonSchema & Partial<Pick<RouteDocs, 'refusals' | 'success' | 'security'>>;

/**
 * Why a guarded route can answer 403, read from the route's config: the same permission table and
 * EULA flag the guard (plugins/authorize.ts) applies. Nothing when no caller it lets in is refused.
 */
function forbiddenBecause(config: FastifyContextConfig): string[] {
  if (!config.permission) return [];
  const allowed: readonly string[] = PERMISSIONS[config.permission];
  const reasons: string[] = [];
  if (ROLES.some((role) => !allowed.includes(role))) reasons.push(`Only ${allowed.join(', ')} may call this.`);
  if (!config.beforeEula) {
    reasons.push('The caller has not accepted the end-user license agreement in force (POST /api/User/accept-eula).');
  }
  const scope = keyScopeOf(config.permission);
  reasons.push(
    scope
      ? `An API key without the \`${scope}\` scope.`
      : 'An API key: no key may call this, whatever its scopes (only a signed-in session).',
  );
  return reasons;
}

/** A refusal: the failure envelope, with Retry-After on a 429. */
function refusal(reasons: string[], status: RefusalStatus): JsonSchema {
  return {
    description: reasons.join(' '),
    ...(status === 429
      ? { headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } } }
      : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_ENVELOPE}` } } },
  };
}

/** A file or a redirect, for an endpoint without a JSON answer. */
function otherSuccess(success: OtherSuccess): JsonSchema {
  const headers = Object.fromEntries(
    Object.entries(success.headers ?? {}).map(([name, description]) => [name, { type: 'string', description }]),
  );
  return {
    description: success.description,
    ...(success.headers ? { headers } : {}),
    ...(success.mediaType
      ? { content: { [success.mediaType]: { schema: { type: 'string', format: 'binary' } } } }
      : { type: 'null' }),
  };
}

/**
 * The route's JSON schemas (fastify-type-provider-zod), completed from what the server really does:
 * its security from its guard, the refusals of the guard and of input validation, the route's own
 * refusals (RouteDocs.refusals) and a non-JSON success. Error answers are documented here only, so
 * no error is ever serialized through a schema.
 */
const documentRoute: SwaggerTransform = (input) => {
  const { schema: converted, url } = jsonSchemaTransform(input);
  const schema = converted as DocumentedSchema | undefined;
  if (!schema || schema.hide || !url.startsWith('/api/')) return { schema: converted, url };
  const config = input.route.config ?? {};
  const where = `${String(input.route.method)} ${url}`;
  const guarded = !config.public;
  if (!guarded !== Array.isArray(schema.security)) {
    throw new Error(`${where}: its docs' security ([] on public routes only) disagrees with its guard`);
  }

  const { refusals = {}, success, ...operation } = schema;
  const response: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, JsonSchema>)) {
    response[status] = {
      description: 'The success envelope: `data` holds the answer.',
      content: { 'application/json': { schema: answer } },
    };
  }
  if (success) response[success.status] = otherSuccess(success);
  if (Object.keys(response).length === 0) throw new Error(`${where}: no documented success answer`);

  const reasons = new Map<RefusalStatus, string[]>();
  const add = (status: RefusalStatus, reason: string | undefined) => {
    if (reason) reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  };
  // Every API route validates its query and, but for GET, its body (app.ts refuses undeclared input).
  add(400, 'The input is not valid: `errors` names each field.');
  if (guarded) {
    const kinds = (config.session ?? ['full']).map((kind) => SESSION_KINDS[kind]).join(' or ');
    add(401, `The bearer token is missing, or is not a live token of ${kinds}.`);
    for (const reason of forbiddenBecause(config)) add(403, reason);
  }
  for (const [status, reason] of Object.entries(refusals)) add(Number(status) as RefusalStatus, reason);
  if (guarded && config.permission && keyScopeOf(config.permission)) {
    add(429, 'An API key over its requests a minute (API_KEY_RATE_LIMIT_PER_MINUTE).');
  }
  for (const [status, texts] of reasons) response[status] = refusal(texts, status);

  return {
    url,
    schema: { ...operation, security: guarded ? [{ [BEARER]: [] }] : [], response },
  };
};

/**
 * @fastify/swagger marks every request body required, as Fastify reads one whenever a body schema
 * exists; a body that may be null may also be left out (no body, no Content-Type), so it is optional.
 */
const optionalNullBodies: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const { openapiObject } = document;
  for (const path of Object.values(openapiObject.paths ?? {})) {
    for (const operation of Object.values(path ?? {}) as { requestBody?: JsonSchema }[]) {
      const body = operation.requestBody as
        { required?: boolean; content?: Record<string, { schema?: { anyOf?: JsonSchema[] } }> } | undefined;
      const schema = body?.content?.['application/json']?.schema;
      if (body && schema?.anyOf?.some((branch) => branch.type === 'null')) body.required = false;
    }
  }
  return openapiObject;
};

/** OpenAPI generated from the routes' zod contracts; the UI and the JSON live under /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { $schema: _dialect, ...errorEnvelope } = z.toJSONSchema(errorEnvelopeSchema, {
    target: 'draft-2020-12',
    io: 'output',
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'License portal API',
        version: '0.1.0',
        description:
          'Every call answers in one envelope: `{ success: true, message?, data, pageInfo? }` or ' +
          '`{ success: false, message, errors?: [{ field, message }] }`. Send the session token as ' +
          '`Authorization: Bearer <token>`, or an API key (`mhk_…`, POST /api/ApiKey) in its place: a key acts as its ' +
          'owner within its scopes, `agent` (the /Agent calls) or `read` (the reads, reports and exports). ' +
          '401 means no valid session or key; 403 a role or scope refusal; 404 an ' +
          'unknown id or one outside your scope. Besides the answers listed per call, any call can answer ' +
          '413 (a body over 1 MB), 415 (a body that is not JSON) or 503 (the server is shutting down), ' +
          'in the same envelope. Each operationId is the call’s name in the portal’s endpoint table.',
        license: { name: 'Proprietary: the portal’s end-user license agreement', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document holds wherever it is served (the portal serves it with the API).
      servers: [{ url: '/', description: 'The portal that serves this document' }],
      components: {
        securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer' } },
        schemas: { [ERROR_ENVELOPE]: errorEnvelope as JsonSchema },
      },
      security: [{ [BEARER]: [] }],
    },
    transform: documentRoute,
    transformObject: optionalNullBodies,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
