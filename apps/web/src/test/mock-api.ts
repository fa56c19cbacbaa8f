import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown } | ((request: Request) => Response | Promise<Response>);

/**
 * Stubs the global fetch with answers keyed by "METHOD /path" (no query string). The only fake in
 * the web tests: everything between the component and the network is the app's real code.
 * Unknown requests answer 404 in the API's envelope, as the server does.
 */
export function mockApi(replies: Record<string, Reply>) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    requests.push(request);
    const reply = replies[`${request.method} ${new URL(request.url).pathname}`];
    if (typeof reply === 'function') return reply(request);
    if (!reply) return json(404, { success: false, message: 'Not found.' });
    return json(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The parsed JSON bodies sent to one endpoint, in order. */
    async bodiesOf(key: string): Promise<unknown[]> {
      const matching = requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key);
      return Promise.all(matching.map(async (r) => JSON.parse(await r.clone().text()) as unknown));
    },
    calls: (key: string) => requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key),
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
  body: { success: true, data, ...extra },
});
