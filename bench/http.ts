import { spawn } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { freePort, root } from '../e2e/support/server';

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  /** The server's own CPU time per request (user + system, from /proc), when its pid is known. */
  serverCpuUs?: number;
}

/** A process's CPU time so far, in microseconds (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuTimeUs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  serverPid?: number,
): Promise<LoadFigures> {
  const before = serverPid ? cpuTimeUs(serverPid) : 0;
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(serverPid ? { serverCpuUs: (cpuTimeUs(serverPid) - before) / Math.max(1, result.requests.total) } : {}),
  };
}

export async function startHelloServer(): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/hello`;
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
