import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not answer after, so that its duration tells the caller nothing
 * (forgot-password). Failures are logged; `drain` lets the app finish it before closing.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(event: string, work: () => Promise<void>): void {
    const running = Promise.resolve()
      .then(work)
      .catch((err: unknown) => this.log.error({ err, event }, 'background work failed'));
    this.pending.add(running);
    void running.finally(() => this.pending.delete(running));
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
