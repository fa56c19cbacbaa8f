/**
 * "Only incomplete" on the generated migration data (decision 044, docs/performance.md):
 *
 *   node --import tsx bench/completeness.ts [database url]   (default: the bench's bench_reports)
 *
 * Over a database filled by `npm run generate:reports` (1,000,000 mailboxes, jobs of 10,000), runs
 * the server's own Mailboxes view (the function `POST /Report` calls) for the largest tenant's Admin
 * on its biggest job: the first page of 10 with only incomplete mailboxes, its count and the job's
 * verdict; then a page deep in the filtered list. Prints p50 and p95 of 400 runs each (goal: p95 at
 * most 25 ms).
 */
import { openPostgres } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { mailboxReport } from '../apps/server/src/modules/reports/reports.drill-down';
import { adminOf, PAGE_IDS } from './report-queries';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/bench_reports';
const RUNS = 400;
const ADMIN = 'gen-t1-admin-1@example.com';

const say = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const handle = openPostgres(url, 2);
const pool = handle.pool!;
try {
  const ids = rowsOf<Record<string, string>>(await pool.query(PAGE_IDS, [ADMIN]))[0];
  if (!ids?.admin_id || !ids.big_job_id) throw new Error(`no ${ADMIN} in ${url}: run npm run generate:reports first`);
  const principal = adminOf({
    adminId: ids.admin_id,
    tenantId: ids.admin_id,
    bigJobId: ids.big_job_id,
    bigMailboxId: ids.big_mailbox_id ?? '',
  });
  const counts = rowsOf<{ total: string; incomplete: string; job_mailboxes: string }>(
    await pool.query(
      `SELECT (SELECT count(*) FROM mailboxes) AS total,
        (SELECT count(*) FROM mailboxes WHERE tenant_id = $1 AND job_id = $2 AND verdict = 'Incomplete') AS incomplete,
        (SELECT count(*) FROM mailboxes WHERE tenant_id = $1 AND job_id = $2) AS job_mailboxes`,
      [ids.admin_id, ids.big_job_id],
    ),
  )[0]!;
  say(
    `Only incomplete: ${Number(counts.total).toLocaleString('en')} mailboxes, job of ${Number(counts.job_mailboxes).toLocaleString('en')} ` +
      `with ${Number(counts.incomplete).toLocaleString('en')} incomplete; ${RUNS} runs each`,
  );
  const deep = Math.max(1, Math.floor(Number(counts.incomplete) / 10 / 2));
  for (const [name, pageNumber] of [
    ['page 1 of 10, its count and the job verdict', 1],
    [`page ${deep} of 10 (half way)`, deep],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 20; i += 1) {
      const at = performance.now();
      await mailboxReport(handle.db, principal, {
        pageNumber,
        pageSize: 10,
        jobId: ids.big_job_id,
        onlyIncomplete: true,
      });
      if (i >= 20) times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    say(
      `  ${name.padEnd(48)} p50 ${percentile(times, 0.5).toFixed(1)} ms   p95 ${percentile(times, 0.95).toFixed(1)} ms`,
    );
  }
} finally {
  await handle.close();
}
