import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener is told: each payload, and when it starts or stops hearing. */
export interface NoticeHandlers {
  message(payload: string): void;
  /** Listening (again): anything sent while deaf was missed. */
  ready(): void;
  /** The listening connection is gone; `ready` follows when it is back. */
  lost(error?: unknown): void;
}

/**
 * PostgreSQL's LISTEN/NOTIFY, the one channel between instances of the portal: nothing but the
 * database they already share (docs/decisions/023-session-cache-and-instances.md).
 */
export interface NoticeSource {
  listen(channel: string, handlers: NoticeHandlers): Promise<{ close(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

const RETRY_MS = [100, 250, 500, 1000, 2000];

/** A connection of its own that LISTENs, reconnecting after a loss; NOTIFY goes through the pool. */
export function postgresNotices(url: string, pool: pg.Pool): NoticeSource {
  return {
    async listen(channel, handlers) {
      let closed = false;
      let client: pg.Client | undefined;
      let failures = 0;
      let retry: NodeJS.Timeout | undefined;

      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        client = next;
        let gone = false;
        const onGone = (error?: unknown) => {
          if (gone) return;
          gone = true;
          next.removeAllListeners('notification');
          void next.end().catch(() => undefined);
          if (closed) return;
          handlers.lost(error);
          retry = setTimeout(
            () => void connect().catch(() => undefined),
            RETRY_MS[Math.min(failures, RETRY_MS.length - 1)],
          );
          retry.unref();
          failures += 1;
        };
        next.on('error', onGone);
        next.on('end', () => onGone());
        next.on('notification', (message) => {
          if (message.channel === channel) handlers.message(message.payload ?? '');
        });
        try {
          await next.connect();
          await next.query(`LISTEN "${channel}"`);
        } catch (error) {
          onGone(error);
          throw error;
        }
        failures = 0;
        handlers.ready();
      };

      // A first failure is retried like any loss: the cache stays off until the listener is up.
      await connect().catch(() => undefined);
      return {
        async close() {
          closed = true;
          clearTimeout(retry);
          await client?.end().catch(() => undefined);
        },
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
  };
}

/** The embedded database is one process: its notifications reach its own listeners. */
export function pgliteNotices(client: PGlite): NoticeSource {
  return {
    async listen(channel, handlers) {
      const unsubscribe = await client.listen(channel, (payload) => handlers.message(payload));
      handlers.ready();
      return { close: () => unsubscribe() };
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
  };
}
