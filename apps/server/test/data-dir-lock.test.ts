import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from '../src/db/data-dir-lock';
import { spawnServer, waitUntilReady } from './server-process';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const runServer = (dataDir: string, port: number) =>
  spawnServer({ DATA_DIR: dataDir, PORT: String(port), DEMO_PASSWORD: 'lock-test-password' });

describe('the data folder lock', () => {
  it('makes a second server process on the same folder refuse to start, clearly', async () => {
    const dir = tempDir();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const first = runServer(dir, port);
    // Polls readiness (not a pause before an assertion): the second start must meet a live holder.
    await waitUntilReady(first, `http://127.0.0.1:${port}/api/ready`);
    try {
      const second = runServer(dir, 0);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  }, 60_000);

  it('takes over the lock of a process that no longer runs', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'portal.lock'), '2147483646');
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      started: processStartTime(process.pid),
    });
    lock.release();
  });

  it('refuses a lock held by a live process that started when the lock says', () => {
    const dir = tempDir();
    const holder = { pid: process.ppid, started: processStartTime(process.ppid) };
    expect(holder.started).toBeDefined();
    fs.writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify(holder));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose pid now belongs to an unrelated live process', async () => {
    const dir = tempDir();
    // A live process that is not the portal: the pid a crashed portal recorded, since reused.
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      const started = processStartTime(other.pid!);
      expect(started).toBeDefined();
      fs.writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify({ pid: other.pid, started: `${started}0` }));
      const lock = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).pid).toBe(process.pid);
      lock.release();
    } finally {
      other.kill();
    }
  });
});
