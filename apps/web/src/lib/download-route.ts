import { pathOf, type Route } from '@portal/contracts/route';
import { apiUrl, isAbort, NetworkError, type QueryValue, readJson, toApiError } from './api-client';
import { getToken } from './session';

/*
 * Files from the API (a report PDF), through the same bearer header and typed errors as the JSON
 * client. A module of its own, so that the lean login page, which loads the client, does not carry it.
 */

/** A file the server sent, with the name its content-disposition header gave (if any). */
export type DownloadedFile = { blob: Blob; fileName: string | undefined };

/**
 * GETs a file (a report PDF) from one route of the contracts' table, with the same bearer header
 * and the same typed errors as every other call; a failure still answers with the JSON envelope.
 */
export async function downloadRoute(
  route: Route,
  {
    params,
    query,
    signal,
  }: { params?: Record<string, string>; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  const headers: Record<string, string> = { Accept: 'application/pdf, text/csv, application/octet-stream, */*' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(pathOf(route, params), query), { method: route.method, headers, signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new NetworkError({ cause: error });
  }
  if (!response.ok) throw toApiError(response, await readJson(response));
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The file name of a content-disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')) || undefined;
    } catch {
      // A malformed escape: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(disposition);
  const name = plain?.[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain?.[1]?.trim();
  return name || undefined;
}
