import { ALL_ENDPOINTS } from '@portal/contracts/all-endpoints';
import type { Endpoint } from '@portal/contracts/endpoints';
import type { Envelope } from '@portal/contracts/envelope';

/** The refusals a route's documentation can name (plugins/openapi.ts adds the guard's and the input's). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** What a route answers on success when it is not its endpoint's JSON envelope: a file or a redirect. */
export interface OtherSuccess {
  status: 200 | 302 | 303;
  description: string;
  /** The media type of the body; none for a redirect. */
  mediaType?: string;
  /** Response headers worth knowing: name → what it carries. */
  headers?: Record<string, string>;
}

/** How the OpenAPI document describes a route. */
export interface RouteDocs {
  tags: string[];
  /** Short and imperative: what generated clients and the docs UI show as the call's title. */
  summary: string;
  description?: string;
  /** `[]` on public routes: no bearer token (checked against the route's guard in plugins/openapi.ts). */
  security?: [];
  /**
   * The refusals the route's own code answers, status → when. 400 for bad input, 401 and 403 of the
   * guard are added from the schemas and the route's config; name them here only to say more.
   */
  refusals?: Partial<Record<RefusalStatus, string>>;
  /** Only for an endpoint without a JSON answer (its `response` is absent). */
  success?: OtherSuccess;
}

type SchemaOf<E extends Endpoint> = RouteDocs & {
  /** The endpoint's key in the endpoint table: stable, what generated clients name the call after. */
  operationId: string;
  body: E['body'];
  querystring: E['query'];
  params: E['params'];
  response: E['response'] extends undefined ? undefined : { 200: NonNullable<E['response']> };
};

// The table's objects are passed as they are, so each one's key is found by identity.
const NAMES = new Map<Endpoint, string>(Object.entries(ALL_ENDPOINTS).map(([name, endpoint]) => [endpoint, name]));

/** The endpoint's key in ALL_ENDPOINTS (and ROUTES), its OpenAPI operationId. */
export function operationIdOf(endpoint: Endpoint): string {
  const name = NAMES.get(endpoint);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not an endpoint of the table (ALL_ENDPOINTS)`);
  return name;
}

/**
 * What Fastify needs of a contract endpoint: method, url and the schemas that validate the request
 * and allow-list the answer, with the route's documentation. Routes spread it and add their
 * permission and handler, so no path or response shape is written in the server. The refusals are
 * documented only (plugins/openapi.ts): no error answer is serialized through a schema.
 */
export function routeOf<const E extends Endpoint>(endpoint: E, docs: RouteDocs) {
  if (docs.success && endpoint.response) {
    throw new Error(`${endpoint.method} ${endpoint.path}: its JSON answer is documented by the endpoint table`);
  }
  // Only the parts the endpoint has: Fastify warns about a schema key that is present but empty.
  const schema: Partial<SchemaOf<E>> = { ...docs, operationId: operationIdOf(endpoint) };
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.response) schema.response = { 200: endpoint.response } as SchemaOf<E>['response'];
  return { method: endpoint.method, url: endpoint.path, schema: schema as SchemaOf<E> };
}

/**
 * The success envelope (`Envelope` in packages/contracts/src/envelope.ts) around a route's answer:
 * `ok(data)`, or `ok(message, data)` when the screen shows the caller a message.
 */
export function ok<T>(data: T): Envelope<T> & { success: true };
export function ok<T>(message: string, data: T): Envelope<T> & { success: true; message: string };
export function ok<T>(...args: [data: T] | [message: string, data: T]): Envelope<T> & { success: true } {
  return args.length === 1 ? { success: true, data: args[0] } : { success: true, message: args[0], data: args[1] };
}
