import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock between processes: two on one folder silently lose writes. The server takes
 * this lock file (created exclusively, holding its pid and that process's start time) before
 * opening the folder. A lock is stale (a crash) and taken over when its pid is no longer alive, or
 * when the pid now belongs to another process: one that started at another time than the holder.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, as the system tells it (Linux: /proc, elsewhere `ps`); together with
 * the pid it names one process, even after the pid is reused. Undefined if it cannot be told.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    try {
      const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' }).trim();
      return started || undefined;
    } catch {
      return undefined;
    }
  }
}

interface Holder {
  pid: number;
  started?: string;
}

/** The lock's holder: `{pid, started}` as JSON, or a bare pid from before start times were kept. */
function readHolder(lockPath: string): Holder | undefined {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed === 'number') return { pid: parsed };
    if (Number.isInteger(parsed.pid)) return { pid: parsed.pid as number, started: parsed.started };
  } catch {
    // Not JSON: an empty or torn file, which no live holder leaves behind.
  }
  return undefined;
}

function holdsLock(holder: Holder | undefined): holder is Holder {
  if (!holder || holder.pid === process.pid || !isAlive(holder.pid)) return false;
  if (holder.started === undefined) return true;
  const now = processStartTime(holder.pid);
  // A start time that cannot be read is not evidence of another process: stay on the safe side.
  return now === undefined || now === holder.started;
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // Written aside, then linked into place: the lock never exists without its content.
      const draft = `${lockPath}.${process.pid}`;
      fs.writeFileSync(draft, JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) }));
      try {
        fs.linkSync(draft, lockPath);
      } finally {
        fs.rmSync(draft, { force: true });
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        fs.rmSync(lockPath, { force: true });
      };
      // However the process ends (process.exit included), the folder is free again.
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holdsLock(holder)) {
        throw new DataDirLockedError(
          `The data folder ${path.resolve(dataDir)} is in use by another server process (pid ${holder.pid}). ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${path.resolve(dataDir)}.`);
}
