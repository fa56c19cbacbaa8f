import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, ok } from '@/test/mock-api';
import { ApiError, apiClient, apiUrl, NetworkError } from './api-client';
import { SESSION_KEYS } from './storage-keys';

describe('apiClient', () => {
  it('sends JSON to /api with the session token as a bearer header', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-123');
    const api = mockApi({ 'POST /api/User/login': ok({ done: true }) });

    await apiClient.post('User/login', { email: 'a@b.co' });

    const [request] = api.requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(await api.bodiesOf('POST /api/User/login')).toEqual([{ email: 'a@b.co' }]);
  });

  it('sends no Authorization header without a token, and no body type without a body', async () => {
    const api = mockApi({ 'POST /api/User/logout': ok(null) });
    await apiClient.post('/User/logout');
    expect(api.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(api.requests[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('unwraps the success envelope with its message and page info', async () => {
    const pageInfo = { pageNumber: 2, pageSize: 10, totalCount: 31, totalPages: 4 };
    mockApi({ 'GET /api/LicenseMovement': ok([{ id: 1 }], { message: 'Fetched', pageInfo }) });

    const result = await apiClient.get('/LicenseMovement', { query: { pageNumber: 2, pageSize: 10 } });

    expect(result).toEqual({
      data: [{ id: 1 }],
      message: 'Fetched',
      pageInfo,
      method: 'GET',
      path: '/LicenseMovement',
    });
  });

  it('checks data with the given parser and reports a mismatch as an ApiError', async () => {
    mockApi({ 'GET /api/User/me': ok({ name: 42 }) });
    const parse = (data: unknown) => {
      if (typeof (data as { name: unknown }).name !== 'string') throw new Error('bad');
      return data;
    };
    await expect(apiClient.get('User/me', { parse })).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Unexpected response from the server.',
    });
  });

  it('maps a failure envelope to an ApiError with status, message and field errors', async () => {
    const errors = [{ field: 'email', message: 'Invalid email address' }];
    mockApi({ 'POST /api/User/login': { status: 400, body: { success: false, message: 'Invalid input.', errors } } });

    const error = await apiClient.post('User/login', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input.', fieldErrors: errors });
  });

  it('maps a 401 to an ApiError carrying the status, for the global handler to sign out', async () => {
    mockApi({ 'GET /api/User/me': { status: 401, body: { success: false, message: 'Session expired.' } } });
    await expect(apiClient.get('User/me')).rejects.toMatchObject({ status: 401, message: 'Session expired.' });
  });

  it('names the status when a failure has no envelope (a proxy error page)', async () => {
    mockApi({ 'GET /api/User/me': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(apiClient.get('User/me')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status code 502',
    });
  });

  it('treats a 200 that is not an envelope as an error, not as data', async () => {
    mockApi({ 'GET /api/User/me': () => new Response('<!doctype html>', { status: 200 }) });
    await expect(apiClient.get('User/me')).rejects.toBeInstanceOf(ApiError);
  });

  it('treats success: false as a failure even with a 2xx status', async () => {
    mockApi({ 'GET /api/User/me': { status: 200, body: { success: false, message: 'Nope.' } } });
    await expect(apiClient.get('User/me')).rejects.toMatchObject({ status: 200, message: 'Nope.' });
  });

  it('maps a request that never got an answer to a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiClient.get('User/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ message: 'Network Error' });
  });

  it('lets an aborted request stay an abort, not a network failure', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(abort)),
    );
    await expect(apiClient.get('User/me')).rejects.toBe(abort);
  });

  it('builds URLs from paths with or without a leading slash, skipping empty query values', () => {
    expect(apiUrl('/Report')).toBe('/api/Report');
    expect(apiUrl('User/me')).toBe('/api/User/me');
    expect(apiUrl('LicensePool', { poolType: 'Pool', pageNumber: 1, q: undefined, r: null })).toBe(
      '/api/LicensePool?poolType=Pool&pageNumber=1',
    );
    expect(apiUrl('LicenseAllocation/allocate?allowPartialRevocation=true', { a: 1 })).toBe(
      '/api/LicenseAllocation/allocate?allowPartialRevocation=true&a=1',
    );
  });

  it('keeps the server message of a refusal (403, inactive account)', async () => {
    mockApi({ 'POST /api/User/login': () => json(403, { success: false, message: 'Account is inactive.' }) });
    await expect(apiClient.post('User/login', {})).rejects.toMatchObject({
      status: 403,
      message: 'Account is inactive.',
    });
  });
});
