import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown } | ((request: Request) => Response | Promise<Response>);

/** Requests no test set up, since the last check (setup.ts fails the test that made them). */
const unhandled: string[] = [];

export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}

/**
 * What the signed-in shell asks on every page, whatever the page: the sidebar's pinned views
 * (decision 050), none unless a test says otherwise.
 */
const SHELL_REPLIES: Record<string, Reply> = {
  'GET /api/SavedViews': { body: { success: true, data: [] } },
};

/**
 * Stubs the global fetch with answers keyed by "METHOD /path" (no query string). The only fake in
 * the web tests: everything between the component and the network is the app's real code.
 * A request without an answer fails at once (the app sees a network failure) and fails the test
 * afterwards, so no test passes on a request it did not expect. An expected 404 is declared.
 */
export function mockApi(given: Record<string, Reply>) {
  const replies = { ...SHELL_REPLIES, ...given };
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? new Request(input, init) : new Request(new URL(input, 'http://localhost'), init);
    requests.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const reply = replies[key];
    if (typeof reply === 'function') return reply(request);
    if (!reply) {
      unhandled.push(key);
      throw new TypeError(`Unhandled request in a test: ${key}. Give it an answer in mockApi().`);
    }
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
