import { MessageChannel } from 'node:worker_threads';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { jobReportFileName } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { CpuPool } from '../../core/cpu-pool';
import type { ReadableJob } from './reports.drill-down';
import { type FolderLine, JobPdfRenderer, type MailboxLine, type PdfSetup } from './reports.pdf-render';
import type { FromPdfWorker, PdfTask, ToPdfWorker } from './reports.pdf-worker';

/**
 * Mailboxes read per statement: a keyset page of (start_date DESC, id), with its folders in one
 * more. The layout of one batch is what a password check in the same worker may wait behind, and
 * its rows are mapped and handed to the worker on the request thread: 500 held the event loop up
 * to 25 ms, 100 about half that, and the 10,000-mailbox PDF came out faster (docs/performance.md).
 */
const BATCH = 100;

/**
 * `attachment` with a readable name from the job's name: an ASCII one for old clients and the UTF-8
 * one (RFC 6266, `filename*`); the id's name when the job's name leaves nothing usable.
 */
export function contentDisposition(jobName: string, jobId: string): string {
  const readable = jobName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, 80);
  const name = readable ? `Migration_Report_${readable}.pdf` : jobReportFileName(jobId);
  const ascii = /^[\x20-\x7E]+$/.test(name) ? name : jobReportFileName(jobId);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Waits until `out` has room again (or is gone): the PDF never runs ahead of the client. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

async function* mailboxBatches(db: Database, job: ReadableJob): AsyncGenerator<MailboxLine[]> {
  let after: MailboxLine | undefined;
  for (;;) {
    const answer: unknown = await db.execute(sql`
      SELECT mb.id, mb.source_mailbox, mb.target_mailbox, mb.status, mb.total_items::float8 AS total_items,
        mb.migrated_items::float8 AS migrated_items, mb.failed_items::float8 AS failed_items,
        mb.filtered_items::float8 AS filtered_items, mb.start_date::text AS start_key
      FROM mailboxes mb
      WHERE mb.tenant_id = ${job.tenantId}::uuid AND mb.job_id = ${job.summary.id}::uuid
        ${after ? sql`AND (mb.start_date < ${after.start_key}::timestamptz OR (mb.start_date = ${after.start_key}::timestamptz AND mb.id > ${after.id}::uuid))` : sql``}
      ORDER BY mb.start_date DESC, mb.id
      LIMIT ${BATCH}`);
    const rows = rowsOf<MailboxLine>(answer);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1];
  }
}

async function foldersOf(db: Database, job: ReadableJob, mailboxes: MailboxLine[]): Promise<FolderLine[]> {
  const answer: unknown = await db.execute(sql`
    SELECT f.mailbox_id, f.folder_path, f.total_items, f.migrated_items
    FROM folders f
    WHERE f.tenant_id = ${job.tenantId}::uuid AND f.mailbox_id = ANY(${`{${mailboxes.map((m) => m.id).join(',')}}`}::uuid[])
    ORDER BY f.mailbox_id, f.start_date DESC, f.folder_path`);
  return rowsOf<FolderLine>(answer);
}

/** Where the rows go to be laid out: the request thread's own pdfkit, or a worker's. */
interface PdfSink {
  mailboxes(rows: MailboxLine[]): void;
  folders(mailboxes: MailboxLine[], folders: FolderLine[]): void;
  /** Resolves when the sink may take the next batch. */
  ready(): Promise<void>;
  /** Resolves when the last byte was written to the output. */
  end(): Promise<void>;
  /** The client went away: the layout stops. */
  cancel(): void;
}

/** pdfkit on the request thread (CPU_WORKER_THREADS=0): each batch's layout holds the event loop. */
function localSink(setup: PdfSetup, out: Writable): PdfSink {
  const renderer = new JobPdfRenderer(setup, (chunk) => {
    if (!out.destroyed) out.write(chunk);
  });
  return {
    mailboxes: (rows) => renderer.mailboxes(rows),
    folders: (mailboxes, folders) => renderer.folders(mailboxes, folders),
    ready: () => drained(out),
    end: () => renderer.end(),
    cancel: () => {},
  };
}

/**
 * pdfkit in a worker thread: batches go over a MessagePort and the PDF's bytes come back over it.
 * At most two batches are in flight (one laid out while the next is read from the database), and
 * none is sent while the client has not taken what came before.
 */
function workerSink(cpu: CpuPool, setup: PdfSetup, out: Writable): PdfSink {
  const { port1, port2 } = new MessageChannel();
  let inFlight = 0;
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let done: (() => void) | undefined;
  const doneSeen = new Promise<void>((resolve) => (done = resolve));
  const nudge = () => {
    wake?.();
    wake = undefined;
  };
  const close = () => {
    finished = true;
    port1.close();
    done?.();
    nudge();
  };
  port1.on('message', (message: FromPdfWorker) => {
    if (message.type === 'bytes') {
      if (!out.destroyed) out.write(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.length));
    } else if (message.type === 'laid') {
      inFlight -= 1;
      nudge();
    } else close();
  });
  const task = cpu.run<void>('jobPdf', { port: port2, setup } satisfies PdfTask, { transferList: [port2] });
  task.catch((error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error));
    close();
  });
  const send = (message: ToPdfWorker) => {
    inFlight += 1;
    port1.postMessage(message);
  };
  const check = () => {
    if (failure) throw failure;
  };
  return {
    mailboxes: (rows) => send({ type: 'mailboxes', rows }),
    folders: (mailboxes, folders) =>
      send({
        type: 'folders',
        mailboxes: mailboxes.map(({ id, source_mailbox }) => ({ id, source_mailbox })),
        folders,
      }),
    async ready() {
      while (inFlight > 1 && !finished) await new Promise<void>((resolve) => (wake = resolve));
      check();
      await drained(out);
    },
    async end() {
      port1.postMessage({ type: 'end' } satisfies ToPdfWorker);
      await doneSeen;
      check();
    },
    cancel: () => {
      if (!finished) close();
    },
  };
}

/**
 * The job's report, written to `out` as it is made (reports.pdf-render.ts lays it out): with a
 * pool, in a worker thread; without one, here. Mailboxes are read in keyset batches and the next
 * batch waits for the client to take the last one, so memory stays flat at any size. A client that
 * goes away ends the layout, in the worker too.
 */
export async function writeJobPdf(
  db: Database,
  job: ReadableJob,
  out: Writable,
  { now, timeZone }: { now: Date; timeZone: string },
  cpu: CpuPool | null = null,
): Promise<void> {
  const setup: PdfSetup = { job, now, timeZone };
  const sink = cpu ? workerSink(cpu, setup, out) : localSink(setup, out);
  const gone = () => sink.cancel();
  out.once('close', gone);
  try {
    for await (const batch of mailboxBatches(db, job)) {
      await sink.ready();
      if (out.destroyed) return;
      sink.mailboxes(batch);
    }
    for await (const batch of mailboxBatches(db, job)) {
      const folders = await foldersOf(db, job, batch);
      await sink.ready();
      if (out.destroyed) return;
      sink.folders(batch, folders);
    }
    await sink.ready();
    if (out.destroyed) return;
    await sink.end();
    out.end();
  } finally {
    out.off('close', gone);
    if (out.destroyed) sink.cancel();
  }
}
