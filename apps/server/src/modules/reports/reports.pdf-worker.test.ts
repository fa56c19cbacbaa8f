import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/helper';
import { addBigJob, type ReportOrg, reportOrg } from '../../../test/report-fixtures';
import { threadNiceValues } from '../../../test/threads';
import { BACKGROUND_NICE } from '../../core/cpu-pool';
import { readableJob } from './reports.drill-down';
import { writeJobPdf } from './reports.pdf';

// The job PDF laid out in a worker thread (decision 039): the same document as on the request
// thread, a client that goes away ends the worker's task, and the app's close ends its threads.

let ctx: TestContext;
let org: ReportOrg;
let admin: string;
let bigJob: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await reportOrg(ctx.handle.db);
  admin = await ctx.login(org.email('admin'));
  bigJob = await addBigJob(ctx.handle.db, {
    machineId: org.machines.mig1,
    accountId: org.accounts.admin,
    name: 'Worker wave',
    start: new Date(Date.UTC(2026, 10, 1)),
    count: 3000,
    folders: 2,
  });
});
afterAll(() => ctx?.close());

async function textOf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text };
}

/** The same job's PDF made on this thread, without the pool. */
async function pdfHere(jobId: string): Promise<Buffer> {
  const job = await readableJob(ctx.handle.db, { tenantId: null, scope: { kind: 'all' } }, jobId);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeJobPdf(
    ctx.handle.db,
    job,
    out,
    { now: ctx.clock.now(), timeZone: 'UTC', requestedBy: `Alex Admin (${org.email('admin')})` },
    null,
  );
  return Buffer.concat(chunks);
}

const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
};

describe('the job PDF in a worker thread', () => {
  it('is laid out in the pool and reads as the one made on the request thread', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/report/job/${bigJob}/pdf`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(ctx.app.cpu?.threads).toBeGreaterThan(0);
    const viaWorker = await textOf(res.rawPayload);
    const here = await textOf(await pdfHere(bigJob));
    expect(viaWorker.pages).toBeGreaterThan(100);
    expect(viaWorker.pages).toBe(here.pages);
    // Only the "Generated" line's clock could differ; the test clock does not move.
    expect(viaWorker.text).toBe(here.text);
    expect(viaWorker.text).toContain('mbx-03000@big.example');
    expect(ctx.app.cpu?.running).toBe(0);
    // Laid out by a thread of the background lane, at a lower priority than the request thread's.
    expect(threadNiceValues()).toContain(BACKGROUND_NICE);
    // Two PDFs of 3,000 mailboxes and two readings of them: 10 to 20 s alone, past 30 on a busy machine.
  }, 120_000);

  it('waits for a client that reads nothing, and ends the worker task once it goes away', async () => {
    const cpu = ctx.app.cpu;
    const job = await readableJob(ctx.handle.db, { tenantId: null, scope: { kind: 'all' } }, bigJob);
    const out = new PassThrough();
    const writing = writeJobPdf(
      ctx.handle.db,
      job,
      out,
      { now: ctx.clock.now(), timeZone: 'UTC', requestedBy: `Alex Admin (${org.email('admin')})` },
      cpu,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Nothing read: the layout waits with at most a couple of batches' bytes buffered.
    expect(cpu?.running).toBe(1);
    expect(out.writableLength).toBeLessThan(1024 * 1024);
    out.destroy();
    await writing;
    expect(await until(() => cpu?.running === 0, 2000)).toBe(true);
  });

  it('ends the worker task when an HTTP client disconnects, and takes the next document', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const req = http.get(`http://127.0.0.1:${port}/api/report/job/${bigJob}/pdf`, { headers: bearer(admin) });
    req.on('error', () => {});
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    await new Promise((resolve) => res.once('data', resolve));
    expect(ctx.app.cpu?.running).toBe(1);
    req.destroy();
    expect(await until(() => ctx.app.cpu?.running === 0, 5000)).toBe(true);
    const next = await ctx.app.inject({ method: 'GET', url: `/api/report/job/${bigJob}/pdf`, headers: bearer(admin) });
    expect(next.statusCode).toBe(200);
    expect(next.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });
});

describe("the app's close", () => {
  it('ends the worker threads', async () => {
    const other = await createTestContext();
    const pool = other.app.cpu;
    try {
      if (!pool) throw new Error('no pool');
      expect(pool.threads).toBe(0);
      // A password check starts a thread.
      expect(await pool.run('passwordStrength', { password: 'aaaaaaaaaaaaaaaa', userInputs: [] })).not.toBeNull();
      expect(pool.threads).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    expect(pool.threads).toBe(0);
  });
});
