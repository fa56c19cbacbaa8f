import { describe, expect, it } from 'vitest';
import { mockApi, ok, takeUnhandledRequests } from './mock-api';

/** setup.ts fails any test whose takeUnhandledRequests() is not empty afterwards; these empty it. */
describe('the fetch stub of the web tests', () => {
  it('refuses a request the test did not answer, and reports it', async () => {
    mockApi({ 'GET /api/User/me': ok({ id: 'u-1' }) });
    await expect(fetch('/api/User/me')).resolves.toMatchObject({ status: 200 });
    await expect(fetch('/api/Report?page=2', { method: 'POST' })).rejects.toThrow(
      'Unhandled request in a test: POST /api/Report',
    );
    expect(takeUnhandledRequests()).toEqual(['POST /api/Report']);
  });

  it('refuses every request in a test that set up no answers at all', async () => {
    await expect(fetch('/api/LicensePool')).rejects.toThrow('Unhandled request in a test: GET /api/LicensePool');
    expect(takeUnhandledRequests()).toEqual(['GET /api/LicensePool']);
  });

  it('records a Request object by its own method and path', async () => {
    const api = mockApi({ 'DELETE /api/User/9': ok(null) });
    await fetch(new Request('http://localhost/api/User/9', { method: 'DELETE' }));
    expect(api.calls('DELETE /api/User/9')).toHaveLength(1);
    expect(takeUnhandledRequests()).toEqual([]);
  });
});
