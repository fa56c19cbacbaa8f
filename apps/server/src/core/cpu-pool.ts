import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';

/**
 * The worker threads that take CPU work off the request thread (decision 039): the job PDF's
 * layout and zxcvbn's password check. The tasks are the named exports of src/worker.ts.
 *
 * The entry is found beside this code: the bundle (dist/main.js) has its own build of it,
 * dist/worker.js; the sources (tsx under `npm run dev:server`, vitest) run src/worker.ts, loading
 * tsx in the thread as well.
 */
const bundled = !import.meta.url.endsWith('.ts');
const ENTRY = bundled ? new URL('./worker.js', import.meta.url) : new URL('../worker.ts', import.meta.url);

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's worker threads, for the metrics and the tests; null with CPU_WORKER_THREADS=0. */
    cpu: CpuPool | null;
  }
}

/** The tasks src/worker.ts exports. */
export type CpuTask = 'jobPdf' | 'passwordStrength';

export interface CpuPool {
  run<R>(task: CpuTask, input: unknown, options?: { transferList?: readonly Transferable[] }): Promise<R>;
  /** Tasks started and not yet settled (a PDF holds one for its whole document). */
  readonly running: number;
  /** Threads alive now (started lazily, ended after a minute idle). */
  readonly threads: number;
  close(): Promise<void>;
}

/**
 * A pool of `threads` threads, none started until the first task. Each thread runs several tasks
 * at once: a PDF's task waits most of its time for the next batch of rows, so a password check
 * must not queue behind whole documents.
 */
export function createCpuPool(threads: number): CpuPool {
  const piscina = new Piscina({
    filename: ENTRY.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 4,
    // Tasks wait on their MessagePort between batches: the thread's event loop must keep turning.
    atomics: 'disabled',
    // A thread's heap kept small: pdfkit makes garbage fast, and with the process's limits V8 let a
    // thread grow by about 250 MB over a large PDF before collecting; with these, about 100 MB all
    // told, at the same speed (docs/performance.md). A document's live data is a few MB.
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
    ...(bundled ? {} : { execArgv: ['--import', 'tsx'] }),
  });
  let running = 0;
  let closed: Promise<void> | undefined;
  return {
    async run<R>(task: CpuTask, input: unknown, options: { transferList?: readonly Transferable[] } = {}) {
      running += 1;
      try {
        return (await piscina.run(input, {
          name: task,
          ...(options.transferList ? { transferList: [...options.transferList] as never } : {}),
        })) as R;
      } finally {
        running -= 1;
      }
    },
    get running() {
      return running;
    },
    get threads() {
      return piscina.threads.length;
    },
    close() {
      // Ends every thread, a task in flight included: by then the requests are answered or cut.
      closed ??= piscina.destroy();
      return closed;
    },
  };
}
