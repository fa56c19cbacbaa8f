import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: where `src/main.ts` runs from. */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A loopback port nothing listens on (for a server or an SMTP catcher to start on, or to stay down). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Everything it wrote on stdout and stderr so far. */
  output: () => string;
  /** SIGTERM (as an orchestrator stops a server) unless it has exited already; its exit code. */
  stop: () => Promise<number | null>;
}

/**
 * The server in a process of its own: node running `args` in `cwd` (the sources, src/main.ts
 * through tsx, unless told), on 127.0.0.1 with warn-level logs unless `env` says otherwise.
 */
export function spawnServer(
  env: Record<string, string>,
  { args = ['--import', 'tsx', 'src/main.ts'], cwd = serverRoot }: { args?: string[]; cwd?: string } = {},
): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Polls `readyUrl` every `intervalMs` until it answers 2xx. Throws, with what the server wrote, when
 * it exits first or is not ready within `timeoutMs` (then it is killed).
 */
export async function waitUntilReady(
  server: ServerProcess,
  readyUrl: string,
  { intervalMs = 100, timeoutMs = 60_000 }: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited early (${server.child.exitCode}):\n${server.output()}`);
    try {
      if ((await fetch(readyUrl)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
