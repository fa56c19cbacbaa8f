import { ConfigError, loadConfig } from './env';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

/** Entry point: `node --import tsx apps/server/src/main.ts`. Stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // A signal while still starting: leave at once (the data folder lock is released on exit).
  const early = () => process.exit(1);
  process.once('SIGINT', early);
  process.once('SIGTERM', early);
  const server = await startServer(config);
  process.off('SIGINT', early);
  process.off('SIGTERM', early);
  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
