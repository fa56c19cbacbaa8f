import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * One line per request, at debug: at the default level the console stays readable for a person
 * trying the portal. A request that failed is still logged as an error.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * A request's logger (its lines carry `reqId`), made only when the request logs a line at an
 * enabled level: most requests log nothing at the default level, and making pino's child (its
 * bindings redacted and written) cost every request a few percent of its time (decision 042).
 */
class RequestLogger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): Logger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /**
   * Made per request: its methods live on the prototype, so nothing more is allocated. Without a
   * logger (`buildApp`'s default) the parent is Fastify's silent stand-in, which has no
   * isLevelEnabled and writes nothing.
   */
  private write(level: Level, args: unknown[]): void {
    if (typeof this.parent.isLevelEnabled !== 'function') return;
    if (this.parent.isLevelEnabled(level) || this.made?.isLevelEnabled(level)) {
      Reflect.apply(this.logger[level], this.logger, args);
    }
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

export function registerRequestLoggers(app: FastifyInstance): void {
  app.setChildLoggerFactory((logger, bindings, options) => new RequestLogger(logger as Logger, bindings, options));
}
