import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** What the next requests are answered: a status each, then 200. */
  answers: number[];
  /** Until `count` requests (of `type`, when given) have come; fails after `timeoutMs`. */
  waitFor(count: number, type?: string, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP endpoint on loopback that records what the portal's webhooks send it. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answers.shift() ?? 200;
      if (status >= 200 && status < 300) {
        received.push({
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body,
          json: JSON.parse(body) as Received['json'],
        });
      }
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  const of = (type?: string) => received.filter((r) => !type || r.json.type === type);
  return {
    url: `http://127.0.0.1:${listening}/hook`,
    received,
    answers,
    async waitFor(count, type, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (of(type).length < count) {
        if (Date.now() > until)
          throw new Error(`${of(type).length} of ${count} ${type ?? 'events'} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return of(type);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
