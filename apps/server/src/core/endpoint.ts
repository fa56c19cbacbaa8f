import type { Endpoint } from '@portal/contracts/endpoints';

/** How the OpenAPI document describes a route. */
export interface RouteDocs {
  tags: string[];
  summary?: string;
  description?: string;
  /** `[]` on public routes: no bearer token. */
  security?: [];
}

type SchemaOf<E extends Endpoint> = RouteDocs & {
  body: E['body'];
  querystring: E['query'];
  params: E['params'];
  response: E['response'] extends undefined ? undefined : { 200: NonNullable<E['response']> };
};

/**
 * What Fastify needs of a contract endpoint: method, url and the schemas that validate the request
 * and allow-list the answer, with the route's documentation. Routes spread it and add their
 * permission and handler, so no path or response shape is written in the server.
 */
export function routeOf<const E extends Endpoint>(endpoint: E, docs: RouteDocs) {
  // Only the parts the endpoint has: Fastify warns about a schema key that is present but empty.
  const schema: Partial<SchemaOf<E>> = { ...docs };
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.response) schema.response = { 200: endpoint.response } as SchemaOf<E>['response'];
  return { method: endpoint.method, url: endpoint.path, schema: schema as SchemaOf<E> };
}
