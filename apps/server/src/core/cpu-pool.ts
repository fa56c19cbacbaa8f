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

/**
 * Which threads run a task: a document is background work, laid out at a lower priority (decision
 * 039's addendum, 2026-12-06); a password check answers a person who waits for it, at the process's.
 */
const LANE: Record<CpuTask, 'background' | 'interactive'> = {
  jobPdf: 'background',
  passwordStrength: 'interactive',
};

/**
 * How much lower the background threads run (Linux keeps a nice value per thread; piscina sets it
 * through @napi-rs/nice). At 10 a thread weighs about a tenth of the request thread when both want
 * a core, so a request is not kept waiting behind pages of a PDF on a machine of few cores.
 */
export const BACKGROUND_NICE = 10;

export interface CpuPool {
  run<R>(task: CpuTask, input: unknown, options?: { transferList?: readonly Transferable[] }): Promise<R>;
  /** Tasks started and not yet settled (a PDF holds one for its whole document). */
  readonly running: number;
  /** Threads alive now, in both lanes (started lazily, ended after a minute idle). */
  readonly threads: number;
  close(): Promise<void>;
}

function lane(threads: number, niceIncrement: number): Piscina {
  return new Piscina({
    filename: ENTRY.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 4,
    niceIncrement,
    // Tasks wait on their MessagePort between batches: the thread's event loop must keep turning.
    atomics: 'disabled',
    // A thread's heap kept small: pdfkit makes garbage fast, and with the process's limits V8 let a
    // thread grow by about 250 MB over a large PDF before collecting; with these, about 100 MB all
    // told, at the same speed (docs/performance.md). A document's live data is a few MB.
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
    ...(bundled ? {} : { execArgv: ['--import', 'tsx'] }),
  });
}

/**
 * Two lanes of up to `threads` threads each, none started until its first task: the background
 * lane (PDFs) at a lower priority, the interactive lane (password checks) at the process's, so a
 * check never waits behind a niced thread busy with documents. Each thread runs several tasks at
 * once: a PDF's task waits most of its time for the next batch of rows.
 */
export function createCpuPool(threads: number, backgroundNice = BACKGROUND_NICE): CpuPool {
  const lanes = { background: lane(threads, backgroundNice), interactive: lane(threads, 0) };
  let running = 0;
  let closed: Promise<void> | undefined;
  return {
    async run<R>(task: CpuTask, input: unknown, options: { transferList?: readonly Transferable[] } = {}) {
      running += 1;
      try {
        return (await lanes[LANE[task]].run(input, {
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
      return lanes.background.threads.length + lanes.interactive.threads.length;
    },
    close() {
      // Ends every thread, a task in flight included: by then the requests are answered or cut.
      closed ??= Promise.all([lanes.background.destroy(), lanes.interactive.destroy()]).then(() => undefined);
      return closed;
    },
  };
}
