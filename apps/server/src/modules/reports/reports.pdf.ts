import { MessageChannel } from 'node:worker_threads';
import type { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Locale } from '@portal/contracts/locales';
import { jobReportFileName, mailboxReportFileName } from '@portal/contracts/reports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../core/errors';
import type { CpuPool } from '../../core/cpu-pool';
import type { Principal } from '../../core/session';
import { pdfText } from '../../lib/i18n/pdf-text';
import { type ReadableJob, readableJob } from './reports.drill-down';
import {
  type FolderLine,
  JobPdfRenderer,
  type MailboxLine,
  type MailboxSetup,
  type PdfSetup,
} from './reports.pdf-render';
import { accountIn, type ReportScope, tenantIs } from './reports.scope';
import type { FromPdfWorker, PdfTask, ToPdfWorker } from './reports.pdf-worker';

/**
 * Mailboxes read per statement: a keyset page of (start_date DESC, id), with its folders in one
 * more. The layout of one batch is what a password check in the same worker may wait behind, and
 * its rows are mapped and handed to the worker on the request thread: 500 held the event loop up
 * to 25 ms, 100 about half that, and the 10,000-mailbox PDF came out faster (docs/performance.md).
 */
const BATCH = 100;
/** Samples read per reason of a folder, and their length (the layout prints three, cut shorter). */
const SAMPLES_READ = 3;
const SAMPLE_LENGTH = 120;
/** Folders read per statement for one mailbox's report. */
const FOLDER_BATCH = 500;

/** A name's characters that are safe in a file name, runs of anything else as one '_'. */
function readableName(value: string, length: number): string {
  return value
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/\s+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, length);
}

/** `attachment; filename="…"; filename*=UTF-8''…`: the ASCII name for old clients, the UTF-8 one (RFC 6266). */
function attachment(name: string, fallback: string): string {
  const ascii = /^[\x20-\x7E]+$/.test(name) ? name : fallback;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `attachment` with a readable name from the job's name: an ASCII one for old clients and the UTF-8
 * one (RFC 6266, `filename*`); the id's name when the job's name leaves nothing usable.
 */
export function contentDisposition(jobName: string, jobId: string): string {
  const readable = readableName(jobName, 80);
  return attachment(readable ? `Migration_Report_${readable}.pdf` : jobReportFileName(jobId), jobReportFileName(jobId));
}

/**
 * One mailbox's report named like the job's: Migration_Report_<job>_<source mailbox>.pdf, the
 * mailbox id's name when neither leaves anything usable.
 */
export function mailboxContentDisposition(jobName: string, sourceMailbox: string, mailboxId: string): string {
  const parts = [readableName(jobName, 60), readableName(sourceMailbox, 80)].filter(Boolean);
  const fallback = mailboxReportFileName(mailboxId);
  return attachment(parts.length > 0 ? `Migration_Report_${parts.join('_')}.pdf` : fallback, fallback);
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

/** The columns of a MailboxLine (reports.pdf-render.ts). */
const MAILBOX_LINE = sql.raw(`mb.id, mb.source_mailbox, mb.target_mailbox, mb.status,
        mb.total_items::float8 AS total_items, mb.migrated_items::float8 AS migrated_items,
        mb.failed_items::float8 AS failed_items, mb.filtered_items::float8 AS filtered_items,
        mb.skipped_items::float8 AS skipped_items, mb.missing_items::float8 AS missing_items,
        mb.source_items::float8 AS source_items, mb.destination_items::float8 AS destination_items,
        mb.accepted_skipped_items::float8 AS accepted_skipped_items, mb.verdict, mb.consistency,
        mb.start_date::text AS start_key`);

/**
 * A folder's columns of a FolderLine: its skipped items by reason with their first samples, cut
 * here so that a folder's 500 stored samples never travel to the layout.
 */
const FOLDER_LINE = sql.raw(`f.mailbox_id, f.folder_path, f.status, f.total_items, f.migrated_items,
      f.failed_items, f.skipped_items, f.missing_items,
      (SELECT jsonb_agg(jsonb_build_object('category', s.value->>'category', 'count', (s.value->>'count')::float8,
          'samples', (SELECT coalesce(jsonb_agg(left(t.sample, ${SAMPLE_LENGTH}) ORDER BY t.n), '[]'::jsonb)
            FROM jsonb_array_elements_text(coalesce(s.value->'samples', '[]'::jsonb)) WITH ORDINALITY AS t(sample, n)
            WHERE t.n <= ${SAMPLES_READ})) ORDER BY s.n)
        FROM jsonb_array_elements(f.skips) WITH ORDINALITY AS s(value, n)) AS skips`);

/**
 * The job's mailboxes in keyset batches. The `<=` bound is what the index (job, start_date DESC,
 * id) starts its scan at; without it the OR was a filter, and each batch scanned every mailbox
 * before it (9,000 rows for the 91st batch: docs/performance.md, "The customer PDF").
 */
async function* mailboxBatches(db: Database, job: ReadableJob): AsyncGenerator<MailboxLine[]> {
  let after: MailboxLine | undefined;
  for (;;) {
    const answer: unknown = await db.execute(sql`
      SELECT ${MAILBOX_LINE}
      FROM mailboxes mb
      WHERE mb.tenant_id = ${job.tenantId}::uuid AND mb.job_id = ${job.summary.id}::uuid
        ${after ? sql`AND mb.start_date <= ${after.start_key}::timestamptz AND (mb.start_date < ${after.start_key}::timestamptz OR mb.id > ${after.id}::uuid)` : sql``}
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
    SELECT ${FOLDER_LINE}
    FROM folders f
    WHERE f.tenant_id = ${job.tenantId}::uuid AND f.mailbox_id = ANY(${`{${mailboxes.map((m) => m.id).join(',')}}`}::uuid[])
    ORDER BY f.mailbox_id, f.start_date DESC, f.folder_path`);
  return rowsOf<FolderLine>(answer).map(parsedSkips);
}

/** jsonb comes back parsed from node-postgres and as text from PGlite's execute: the same either way. */
function parsedSkips(folder: FolderLine): FolderLine {
  const skips = folder.skips as unknown;
  return typeof skips === 'string' ? { ...folder, skips: JSON.parse(skips) as FolderLine['skips'] } : folder;
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
    folders: (mailboxes, folders) => send({ type: 'folders', mailboxes, folders }),
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
  context: PdfContext,
  cpu: CpuPool | null = null,
): Promise<void> {
  const setup: PdfSetup = { job, ...context, organisation: await organisationName(db, job.tenantId) };
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

/** Who asked for a report, and the clock and zone it is written in. */
export interface PdfContext {
  now: Date;
  timeZone: string;
  /** The language of its words (lib/i18n/pdf-text.ts), English when absent. */
  locale?: Locale;
  /** "Name (email)" of the requester, printed on the cover. */
  requestedBy: string;
}

/** The requester as the cover names them: the person, and the API key when a key is calling. */
export function requesterOf(principal: Principal, locale?: Locale): string {
  const who = `${principal.profile.name} (${principal.profile.email})`;
  return principal.apiKey ? pdfText(locale).viaApiKey(who, principal.apiKey.name) : who;
}

/** The organisation the data belongs to: its top account's name (core/tenant.ts). */
async function organisationName(db: Database, tenantId: string): Promise<string> {
  const answer: unknown = await db.execute(sql`SELECT name FROM accounts WHERE id = ${tenantId}::uuid`);
  return rowsOf<{ name: string }>(answer)[0]?.name ?? '-';
}

/** A mailbox the caller may read, with its job (the Folders view's rule: its job in the scope), or 404. */
export async function readableMailbox(
  db: Database,
  reader: ReportScope,
  mailboxId: string,
): Promise<{ job: ReadableJob; row: MailboxSetup['row'] }> {
  const answer: unknown = await db.execute(sql`
    SELECT ${MAILBOX_LINE}, mb.source_type, mb.destination_type, mb.start_date::text AS start_date,
      mb.end_date::text AS end_date, mb.job_id
    FROM mailboxes mb
    JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
    WHERE ${tenantIs(reader, 'mb.tenant_id')} AND mb.id = ${mailboxId}::uuid
      AND ${accountIn(reader, 'j.account_id')}`);
  const row = rowsOf<MailboxSetup['row'] & { job_id: string }>(answer)[0];
  if (!row) throw notFound('Mailbox not found');
  const { job_id: jobId, ...mailbox } = row;
  return { job: await readableJob(db, reader, jobId), row: mailbox };
}

/** A mailbox's skipped items summed by reason over its folders. */
async function skipsByReason(db: Database, tenantId: string, mailboxId: string): Promise<MailboxSetup['skips']> {
  const answer: unknown = await db.execute(sql`
    SELECT s.value->>'category' AS category, sum((s.value->>'count')::float8)::float8 AS count
    FROM folders f, jsonb_array_elements(f.skips) AS s(value)
    WHERE f.tenant_id = ${tenantId}::uuid AND f.mailbox_id = ${mailboxId}::uuid AND f.skips IS NOT NULL
    GROUP BY 1`);
  return rowsOf<MailboxSetup['skips'][number]>(answer);
}

/** One mailbox's folders, a batch at a time, in the Folders view's order. */
async function* folderBatches(db: Database, tenantId: string, mailboxId: string): AsyncGenerator<FolderLine[]> {
  for (let offset = 0; ; offset += FOLDER_BATCH) {
    const answer: unknown = await db.execute(sql`
      SELECT ${FOLDER_LINE}
      FROM folders f
      WHERE f.tenant_id = ${tenantId}::uuid AND f.mailbox_id = ${mailboxId}::uuid
      ORDER BY f.start_date DESC, f.folder_path
      LIMIT ${FOLDER_BATCH} OFFSET ${offset}`);
    const rows = rowsOf<FolderLine>(answer).map(parsedSkips);
    if (rows.length > 0) yield rows;
    if (rows.length < FOLDER_BATCH) return;
  }
}

/**
 * One mailbox's report, in the job report's layout (its cover, then its folders with their skipped
 * items), written to `out` as it is made, like the job's: in a worker thread when there is a pool.
 */
export async function writeMailboxPdf(
  db: Database,
  mailbox: { job: ReadableJob; row: MailboxSetup['row'] },
  out: Writable,
  context: PdfContext,
  cpu: CpuPool | null = null,
): Promise<void> {
  const { job, row } = mailbox;
  const setup: PdfSetup = {
    job,
    ...context,
    organisation: await organisationName(db, job.tenantId),
    mailbox: { row, skips: await skipsByReason(db, job.tenantId, row.id) },
  };
  const sink = cpu ? workerSink(cpu, setup, out) : localSink(setup, out);
  const gone = () => sink.cancel();
  out.once('close', gone);
  try {
    for await (const batch of folderBatches(db, job.tenantId, row.id)) {
      await sink.ready();
      if (out.destroyed) return;
      sink.folders([row], batch);
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
