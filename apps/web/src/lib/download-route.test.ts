import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/test/mock-api';
import { downloadRoute, fileNameOf } from './download-route';
import { SESSION_KEYS } from './storage-keys';

describe('downloadRoute', () => {
  const pdfRoute = { method: 'GET', path: '/report/job/:jobId/pdf' } as const;

  it('fetches the file with the bearer header and names it from content-disposition', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, 'tok-9');
    const api = mockApi({
      'GET /api/report/job/j%201/pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Disposition': 'attachment; filename="Wave 1.pdf"' } }),
    });
    const file = await downloadRoute(pdfRoute, { params: { jobId: 'j 1' } });
    expect(file.fileName).toBe('Wave 1.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer tok-9');
  });

  it('turns a failure envelope into an ApiError with its status', async () => {
    mockApi({ 'GET /api/report/job/x/pdf': () => json(401, { success: false, message: 'Session expired' }) });
    await expect(downloadRoute(pdfRoute, { params: { jobId: 'x' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Session expired',
    });
  });

  it('reads the file name of content-disposition in its forms', () => {
    expect(fileNameOf(null)).toBeUndefined();
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameOf('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(fileNameOf('attachment; filename="plain.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9.pdf')).toBe('Résumé.pdf');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'bad%E0.pdf; filename="ok.pdf"')).toBe('ok.pdf');
  });
});
