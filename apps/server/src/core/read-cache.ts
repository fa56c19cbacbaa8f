import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionCache } from './session-cache';

const gzipped = promisify(gzip);
/** Answers shorter than this are sent as they are: compressing them saves less than it costs. */
const GZIP_FROM_BYTES = 1024;

/** The longest an answer is kept, whatever else: memory turns over, and a bound for what no notice covers. */
const MAX_AGE_MS = 60_000;

/** An answer as written on the wire: a hit costs no query, no serialisation and no compression. */
export interface KeptAnswer {
  body: string;
  /** The body gzipped once (in the thread pool, off the event loop), for the clients that accept it. */
  gzip?: Buffer;
}

interface Entry extends KeptAnswer {
  tenantId: string;
  expiresAt: number;
}

/**
 * Answers of heavy, often-read screens (the dashboard every user lands on) in process memory,
 * written JSON, by key and organisation (docs/decisions/042-lean-request-pipeline.md).
 *
 * Forgetting is driven by the database, like the session cache whose channel it shares: triggers
 * (migration 0021) NOTIFY `t:<tenant>` when an organisation's stock, pools or accounts change and
 * `t:*` when lots or products do, whoever wrote them. Because the notices travel on the session
 * channel, the barrier every write waits for before it answers covers them too: the instance that
 * changed something has forgotten the answers it changed before the caller can ask again. While the
 * channel is down nothing is kept. Time is the other input: an entry also ends when the next lot it
 * counts expires, so an expiry shows on time.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forgetting: a read that started before one must not store what it read. */
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly sessions: SessionCache,
    private readonly maxEntries = 2_000,
  ) {
    sessions.onTenantChange((tenantId) => this.forget(tenantId));
  }

  /**
   * The kept answer for `key` of the organisation `tenantId`, or `produce`'s, kept until
   * `validUntil` (ms; at most a minute) unless a change of that organisation comes first.
   */
  async through(
    tenantId: string,
    key: string,
    now: number,
    produce: () => Promise<{ body: string; validUntil?: number }>,
  ): Promise<KeptAnswer> {
    const entry = this.sessions.live ? this.entries.get(key) : undefined;
    if (entry && entry.expiresAt > now) {
      this.hits += 1;
      return entry;
    }
    this.misses += 1;
    const generation = this.generation;
    const { body, validUntil } = await produce();
    const answer: KeptAnswer = body.length >= GZIP_FROM_BYTES ? { body, gzip: await gzipped(body) } : { body };
    if (this.sessions.live && generation === this.generation) {
      this.entries.delete(key);
      const expiresAt = Math.min(now + MAX_AGE_MS, validUntil ?? Infinity);
      this.entries.set(key, { ...answer, tenantId, expiresAt });
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(tenantId: string): void {
    this.generation += 1;
    if (tenantId === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.tenantId === tenantId) this.entries.delete(key);
  }
}

/** Whether the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Sends a kept JSON answer, gzipped when it was worth compressing and the client takes it. */
export function sendKept(request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (answer.gzip && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  return reply.send(answer.body);
}
