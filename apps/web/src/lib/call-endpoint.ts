import type { BodyOf, DataOf, Endpoint, QueryOf } from '@portal/contracts/endpoints';
import { type ApiResult, callRoute } from './api-client';

export type EndpointInput<E extends Endpoint> = {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  params?: Record<string, string>;
  signal?: AbortSignal;
};

/**
 * Calls an endpoint of the contracts' table and checks its answer with the endpoint's own schema,
 * so the path, the request and the response type are written once, in packages/contracts.
 * (The lean login page uses callRoute: this one brings the schemas, and zod, along.)
 */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  { body, query, params, signal }: EndpointInput<E> = {},
): Promise<ApiResult<DataOf<E>>> {
  const data = endpoint.response?.shape.data;
  return callRoute<DataOf<E>>(endpoint, {
    body,
    query: query as Record<string, string | number | boolean | null | undefined> | undefined,
    params,
    signal,
    parse: data ? (value) => data.parse(value) as DataOf<E> : undefined,
  });
}
