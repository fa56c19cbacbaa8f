import type { ErrorEnvelope, FieldError, PageInfo } from '@portal/contracts/envelope';
import { type HttpMethod, pathOf, type Route } from '@portal/contracts/route';
import { getToken } from './session';

/**
 * The one HTTP client of the app: it sends, parses the envelope and throws typed errors.
 * It never toasts or redirects; the QueryClient's caches do that (src/app/query-client.ts).
 */
export const API_BASE_URL = '/api';

export type { HttpMethod };
export type QueryValue = string | number | boolean | null | undefined;

/** The server answered with a failure (any non-2xx status, or `success: false`). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, refused connection, CORS. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super('Network Error', options);
  }
}

/** A parsed success envelope, with the request it answers (the success notice rule needs both). */
export type ApiResult<T> = {
  data: T;
  message?: string;
  pageInfo?: PageInfo;
  method: HttpMethod;
  path: string;
};

export type RequestOptions<T> = {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Checks `data`, typically a contract schema's `parse`. */
  parse?: (data: unknown) => T;
};

/** Paths are accepted with or without a leading slash, as the spec writes both. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  { body, query, signal, parse }: RequestOptions<T> = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new NetworkError({ cause: error });
  }

  const payload = await readJson(response);
  if (!response.ok || !isSuccessEnvelope(payload)) throw toApiError(response, payload);
  let data: T;
  try {
    data = parse ? parse(payload.data) : (payload.data as T);
  } catch {
    throw new ApiError(response.status, 'Unexpected response from the server.');
  }
  return { data, message: payload.message, pageInfo: payload.pageInfo, method, path };
}

export type RouteOptions<T> = RequestOptions<T> & {
  /** The values of the route's `:name` path parameters. */
  params?: Record<string, string>;
};

/**
 * Calls one route of the contracts' table (packages/contracts/src/routes.ts): no path is written
 * in the web app. The table is free of zod, so the lean login page calls through it too.
 */
export function callRoute<T>(route: Route, { params, ...options }: RouteOptions<T> = {}): Promise<ApiResult<T>> {
  return apiRequest<T>(route.method, pathOf(route, params), options);
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('DELETE', path, options),
};

type SuccessEnvelope = { success: true; data: unknown; message?: string; pageInfo?: PageInfo };

function isSuccessEnvelope(payload: unknown): payload is SuccessEnvelope {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'data' in payload &&
    (payload as { success?: unknown }).success === true
  );
}

/** The typed error of a failed answer (exported for the file downloads of ./download-route). */
export function toApiError(response: Response, payload: unknown): ApiError {
  if (isErrorEnvelope(payload)) return new ApiError(response.status, payload.message, payload.errors ?? []);
  const message = response.ok
    ? 'Unexpected response from the server.'
    : `Request failed with status code ${response.status}`;
  return new ApiError(response.status, message);
}

/**
 * The failure envelope (contracts' errorEnvelopeSchema), checked by hand: this client is part of
 * the lean login page, which cannot afford classic zod (docs/decisions/002-login-page-budget.md).
 */
function isErrorEnvelope(payload: unknown): payload is ErrorEnvelope {
  if (typeof payload !== 'object' || payload === null) return false;
  const { success, message, errors } = payload as Record<string, unknown>;
  if (success !== false || typeof message !== 'string') return false;
  return errors === undefined || (Array.isArray(errors) && errors.every(isFieldError));
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { field, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof message === 'string';
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Error).name === 'AbortError';
}
