import { randomUUID } from 'node:crypto';
import type { NoticeSource } from '../db/notices';
import type { Principal } from './principal';

export const SESSION_CHANNEL = 'portal_sessions';
/** A barrier not heard back within this long: the cache is emptied rather than trusted. */
const BARRIER_TIMEOUT_MS = 1000;

export interface CachedSession {
  principal: Principal;
  /** The session's true last use in this instance (idle expiry counts from it). */
  lastSeenAt: Date;
  /** When `sessions.last_seen_at` was last written (at most once a minute). */
  writtenAt: Date;
  expiresAt: Date;
  /** An API key's last address written to the database (core/api-keys.ts); sessions keep none. */
  lastIp?: string;
}

export interface SessionCacheStats {
  hits: number;
  misses: number;
  size: number;
  live: boolean;
}

/**
 * Live sessions in process memory, by token hash, so that a guarded request resolves its caller
 * without a database round trip (docs/decisions/023-session-cache-and-instances.md).
 *
 * Forgetting is driven by the database: triggers (migration 0009) NOTIFY every instance when a
 * session is revoked or removed, or an account's principal changes, whoever wrote it. The instance
 * that made a change hears its own notice before it answers: after a request that may write, it
 * sends a barrier notice and waits for it to come back, and notices arrive in commit order. While
 * the listening connection is down the cache is off, and it starts empty when the listener is back.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly byAccount = new Map<string, Set<string>>();
  private readonly bySession = new Map<string, string>();
  private readonly barriers = new Map<string, () => void>();
  private readonly tenantListeners: ((tenantId: string) => void)[] = [];
  private readonly instance = randomUUID().slice(0, 8);
  private barrierSeq = 0;
  private subscription: { close(): Promise<void> } | undefined;
  /** Bumped by every forgetting: a read that started before one must not store what it read. */
  generation = 0;
  live = false;
  hits = 0;
  misses = 0;

  constructor(
    private readonly notices: NoticeSource,
    private readonly maxEntries = 10_000,
    private readonly onLost: (error?: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.notices.listen(SESSION_CHANNEL, {
      message: (payload) => this.hear(payload),
      ready: () => {
        this.clear();
        this.live = true;
      },
      lost: (error) => {
        this.live = false;
        this.clear();
        for (const release of this.barriers.values()) release();
        this.barriers.clear();
        this.onLost(error);
      },
    });
  }

  async stop(): Promise<void> {
    this.live = false;
    this.clear();
    await this.subscription?.close();
  }

  get(tokenHash: string): CachedSession | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Most recently used last: the first key is the one to evict.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry;
  }

  /** Keeps what a read found, unless something was forgotten since it began (`generation`). */
  set(tokenHash: string, entry: CachedSession, generation: number): void {
    if (!this.live || generation !== this.generation) return;
    this.delete(tokenHash);
    Object.freeze(entry.principal.roles);
    Object.freeze(entry.principal.profile);
    Object.freeze(entry.principal);
    this.entries.set(tokenHash, entry);
    this.bySession.set(entry.principal.sessionId, tokenHash);
    let tokens = this.byAccount.get(entry.principal.accountId);
    if (!tokens) this.byAccount.set(entry.principal.accountId, (tokens = new Set()));
    tokens.add(tokenHash);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    this.bySession.delete(entry.principal.sessionId);
    const tokens = this.byAccount.get(entry.principal.accountId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byAccount.delete(entry.principal.accountId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byAccount.clear();
    this.bySession.clear();
    for (const listener of this.tenantListeners) listener('*');
  }

  /**
   * Hears `t:<tenant>` notices (an organisation's data changed; `*` for all) for the read cache
   * (core/read-cache.ts), which shares this channel and so its barrier; `*` also whenever this
   * cache is emptied (the channel lost or back, a barrier not heard).
   */
  onTenantChange(listener: (tenantId: string) => void): void {
    this.tenantListeners.push(listener);
  }

  /**
   * Resolves once every notice committed before this call has been heard here: what this
   * instance changed is forgotten before it answers.
   */
  async barrier(): Promise<void> {
    if (!this.live) return;
    const id = `sync:${this.instance}:${(this.barrierSeq += 1)}`;
    const heard = new Promise<void>((resolve) => this.barriers.set(id, resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.clear();
        resolve();
      }, BARRIER_TIMEOUT_MS);
    });
    try {
      await this.notices.notify(SESSION_CHANNEL, id);
      await Promise.race([heard, timeout]);
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.barriers.delete(id);
    }
  }

  stats(): SessionCacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size, live: this.live };
  }

  private hear(payload: string): void {
    if (payload.startsWith('sync:')) {
      this.barriers.get(payload)?.();
      return;
    }
    if (payload.startsWith('t:')) {
      for (const listener of this.tenantListeners) listener(payload.slice(2));
      return;
    }
    this.generation += 1;
    if (payload === '*') {
      this.clear();
    } else if (payload.startsWith('s:')) {
      const token = this.bySession.get(payload.slice(2));
      if (token) this.delete(token);
    } else if (payload.startsWith('a:')) {
      for (const token of [...(this.byAccount.get(payload.slice(2)) ?? [])]) this.delete(token);
    } else {
      this.clear();
    }
  }
}
