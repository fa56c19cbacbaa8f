/**
 * The customer job PDF's layout alone, without a database or HTTP (docs/performance.md, "The
 * customer PDF"):
 *
 *   npm run bench:pdf        (BENCH_PDF_MAILBOXES, BENCH_PDF_FOLDERS to change the size)
 *
 * Lays out a job of 10,000 mailboxes with 5 folders each (one with skipped items and samples) in
 * batches of 100, as the worker thread receives them (reports.pdf-worker.ts), three times in one
 * process, and prints the CPU time, the wall time and the output of each: the first run includes
 * the fonts' first use. The bytes are counted, not kept (BENCH_PDF_OUT=file.pdf keeps the last run's,
 * to look at).
 */
import { writeFileSync } from 'node:fs';
import {
  type FolderLine,
  JobPdfRenderer,
  type MailboxLine,
  type PdfSetup,
} from '../apps/server/src/modules/reports/reports.pdf-render';

const MAILBOXES = Number(process.env.BENCH_PDF_MAILBOXES ?? 10_000);
const FOLDERS = Number(process.env.BENCH_PDF_FOLDERS ?? 5);
const RUNS = 3;
const BATCH = 100;

const say = (line: string) => process.stdout.write(`${line}\n`);

const setup = {
  job: {
    tenantId: '00000000-0000-4000-8000-000000000001',
    userEmail: 'admin@example.com',
    licensing: 'PerMailbox',
    summary: {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Wave 12 — Contoso',
      machineName: 'MIG-SERVER-01',
      userName: 'Alex Admin',
      apiKeyName: null,
      productCode: 'MBX',
      status: 'CompletedWithErrors',
      startDate: '2026-11-01T08:00:00.000Z',
      endDate: '2026-11-02T17:30:00.000Z',
      accountCount: MAILBOXES,
      completionPercentage: 97.5,
      totalItems: 12_340_000,
      migratedItems: 12_000_000,
      failedItems: 1_000,
      skippedItems: 2_000,
      filteredItems: 0,
      mailboxesByStatus: {
        Completed: MAILBOXES - 100,
        CompletedWithErrors: 50,
        Failed: 50,
        Cancelled: 0,
        InProgress: 0,
      },
      completeness: {
        verdict: 'Incomplete',
        consistencyGrade: 'Investigate',
        mailboxesByVerdict: { Complete: MAILBOXES - 200, CompleteWithAcceptedSkips: 100, Incomplete: 100 },
      },
    },
  },
  organisation: 'Contoso Migration Services',
  requestedBy: 'Alex Admin (admin@example.com)',
  now: new Date('2026-12-02T10:00:00Z'),
  timeZone: 'Europe/Berlin',
} as unknown as PdfSetup;

const mailboxes: MailboxLine[] = Array.from({ length: MAILBOXES }, (_, i) => ({
  id: `m${i}`,
  source_mailbox: `user.${i}@source.example.com`,
  target_mailbox: `user.${i}@target.example.com`,
  status: i % 50 === 0 ? 'Failed' : 'Completed',
  total_items: 1234 + i,
  migrated_items: 1200 + i,
  failed_items: i % 7,
  filtered_items: 0,
  skipped_items: i % 11 === 0 ? 0 : 2,
  missing_items: 0,
  source_items: 1234 + i,
  destination_items: 1200 + i,
  accepted_skipped_items: 0,
  verdict: i % 11 === 0 ? 'Complete' : 'Incomplete',
  consistency: 'Investigate',
  start_key: '',
}));
const PATHS = ['Inbox', 'Sent Items', 'Archive/2024/Projects', 'Calendar', 'Contacts'];
const foldersOf = (mailbox: MailboxLine): FolderLine[] =>
  Array.from({ length: FOLDERS }, (_, j) => ({
    mailbox_id: mailbox.id,
    folder_path: PATHS[j % PATHS.length]!,
    status: 'Completed',
    total_items: 200 + j,
    migrated_items: 198 + j,
    failed_items: j,
    skipped_items: j === 1 && mailbox.skipped_items > 0 ? 2 : 0,
    missing_items: 0,
    skips:
      j === 1 && mailbox.skipped_items > 0
        ? [
            {
              category: 'TooLarge',
              count: 2,
              samples: ['Quarterly report with attachments', 'Offsite video'],
            },
          ]
        : null,
  }));

async function layout(): Promise<{ cpuMs: number; ms: number; bytes: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  const kept: Buffer[] = [];
  const renderer = new JobPdfRenderer(setup, (chunk) => {
    bytes += chunk.length;
    if (process.env.BENCH_PDF_OUT) kept.push(chunk);
  });
  // One batch per macrotask, as the worker's messages arrive: the document's stream flows between them.
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < MAILBOXES; i += BATCH) {
    renderer.mailboxes(mailboxes.slice(i, i + BATCH));
    await tick();
  }
  for (let i = 0; i < MAILBOXES; i += BATCH) {
    const batch = mailboxes.slice(i, i + BATCH);
    renderer.folders(batch, batch.flatMap(foldersOf));
    await tick();
  }
  await renderer.end();
  const used = process.cpuUsage(cpu);
  if (process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, Buffer.concat(kept));
  return { cpuMs: (used.user + used.system) / 1000, ms: performance.now() - started, bytes };
}

say(`Job PDF layout, ${MAILBOXES.toLocaleString('en')} mailboxes × ${FOLDERS} folders, no database:`);
for (let run = 1; run <= RUNS; run += 1) {
  const { cpuMs, ms, bytes } = await layout();
  say(
    `  run ${run}: ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU, ${(bytes / 1e6).toFixed(1)} MB, ` +
      `${((cpuMs / MAILBOXES) * 1000).toFixed(0)} µs CPU per mailbox; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}
