import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI generated from the routes' zod contracts; the UI and the JSON live under /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'License portal API',
        version: '0.1.0',
        description:
          'Every call answers in one envelope: `{ success: true, message?, data, pageInfo? }` or ' +
          '`{ success: false, message, errors?: [{ field, message }] }`. Send the session token as ' +
          '`Authorization: Bearer <token>`. 401 means no valid session; 403 a role refusal; 404 an ' +
          'unknown id or one outside your scope.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
