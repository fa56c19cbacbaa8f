import pg from 'pg';
import type { PortalProcess } from '../e2e/support/server';
import { runPgbench } from './pgbench';

/**
 * The migration agent's per-mailbox calls (start, progress, end) by API key through the API, and
 * the same statements in bare SQL by pgbench, in one run (issue 21, decision 032). The statements
 * are those the server runs for one cycle (read from PostgreSQL's statement log): the start locks
 * the job, reserves a unit (a movement with its line, the stock row) and writes the mailbox; the
 * progress writes the folder and adds to the mailbox and the job; the end releases the unit (the
 * stock never runs out), ends the mailbox and emits its webhook event.
 */
export const AGENTS = 10;

export interface CycleFigures {
  cyclesPerSecond: number;
  p99Ms: Record<'start' | 'progress' | 'complete' | 'cycle', number>;
  errors: number;
}

export const p99 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/** A POST with a bearer token; the status and the envelope's data. */
export async function post(url: string, token: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: unknown };
  return { status: res.status, data: json.data };
}

const startJob = async (api: string, token: string, machineName: string, clientKey: string) => {
  const job = await post(`${api}/Agent/jobs`, token, { machineName, clientKey, name: machineName, productCode: 'MBX' });
  if (job.status !== 200) throw new Error(`job: ${job.status} ${JSON.stringify(job.data)}`);
  return (job.data as { jobId: string }).jobId;
};

/** AGENTS agents, each on a job of its own, run mailbox cycles through the API for `seconds`. */
export async function agentCycles(
  portal: PortalProcess,
  token: string,
  tag: string,
  seconds: number,
): Promise<CycleFigures> {
  const api = `${portal.url}/api`;
  const timings = { start: [] as number[], progress: [] as number[], complete: [] as number[], cycle: [] as number[] };
  let cycles = 0;
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const timed = async (kind: 'start' | 'progress' | 'complete', url: string, body: unknown) => {
    const started = performance.now();
    const res = await post(url, token, body);
    timings[kind].push(performance.now() - started);
    if (res.status !== 200) errors += 1;
    return res;
  };
  await Promise.all(
    Array.from({ length: AGENTS }, async (_, agent) => {
      const jobId = await startJob(api, token, `BENCH-${tag}-${agent}`, `${tag}-${agent}-${Date.now()}`);
      for (let n = 0; Date.now() < until; n += 1) {
        const began = performance.now();
        const source = `${tag}-${agent}-${n}@source.example`;
        const started = await timed('start', `${api}/Agent/jobs/${jobId}/mailboxes`, {
          sourceMailbox: source,
          sourceType: 'Exchange',
          targetMailbox: source.replace('source', 'target'),
          destinationType: 'Microsoft 365',
        });
        const { mailboxId } = (started.data ?? {}) as { mailboxId?: string };
        if (!mailboxId) continue;
        await timed('progress', `${api}/Agent/mailboxes/${mailboxId}/progress`, {
          folders: [{ folderPath: 'Inbox', totalItems: 10, migratedItems: 10, failedItems: 0, filteredItems: 0 }],
        });
        await timed('complete', `${api}/Agent/mailboxes/${mailboxId}/complete`, {
          status: 'Failed',
          errorMessage: 'bench: released',
        });
        timings.cycle.push(performance.now() - began);
        cycles += 1;
      }
      await post(`${api}/Agent/jobs/${jobId}/complete`, token, {});
    }),
  );
  return {
    cyclesPerSecond: cycles / seconds,
    p99Ms: {
      start: p99(timings.start),
      progress: p99(timings.progress),
      complete: p99(timings.complete),
      cycle: p99(timings.cycle),
    },
    errors,
  };
}

const MAILBOX_COLUMNS = `"tenant_id", "id", "job_id", "source_mailbox", "source_type", "target_mailbox", "destination_type",
  "status", "total_items", "migrated_items", "failed_items", "filtered_items", "folder_count", "start_date", "end_date",
  "error_message", "license_state", "reservation", "last_report_at"`;
const STOCK_SELECT = `select "stock"."pool_id", "stock"."license_id", "stock"."available", "stock"."in_transit",
  "stock"."consumed", "stock"."allocated", "licenses"."start_date", "licenses"."expiry_date", "licenses"."group_key",
  "licenses"."product_code", "products"."name" from "stock" inner join "licenses" on "licenses"."id" = "stock"."license_id"
  inner join "products" on "products"."code" = "licenses"."product_code"`;
const JOB_BY_MAILBOX = `select "id", "account_id", "machine_id", "product_code", "licensing", "status" from "jobs"
  where ("jobs"."tenant_id" = ':tenant' and "jobs"."account_id" = ':acct' and "jobs"."id" =
  (SELECT job_id FROM "mailboxes" WHERE tenant_id = ':tenant'::uuid AND id = ':mbx'::uuid)) for update;
select ${MAILBOX_COLUMNS} from "mailboxes" where ("mailboxes"."tenant_id" = ':tenant' and "mailboxes"."job_id" = ':job'
  and "mailboxes"."id" = ':mbx') for update;`;
const MOVE = (action: string, quantity: number, da: number, dt: number) => `WITH m AS (
  INSERT INTO "movements" (action, product_code, group_key, quantity, source_pool_id, target_name, target_type, target_id, actor_id, api_key_id, created_at)
  VALUES ('${action}', 'MBX', ':groupkey', ${quantity}, ':pool'::uuid, ':mbx@s.example', 'Mailbox', ':mbx', ':acct'::uuid, ':apikey'::uuid, now())
  RETURNING id
), l AS (
  INSERT INTO "movement_lines" (movement_id, pool_id, license_id, d_available, d_in_transit, d_consumed, d_allocated)
  SELECT m.id, v.* FROM m, (VALUES (':pool'::uuid, ':license'::uuid, ${da}::int, ${dt}::int, 0::int, 0::int)) AS v(pool_id, license_id, da, dt, dc, dal)
)
SELECT id FROM m;
UPDATE "stock" AS s
   SET available = s.available + v.da, in_transit = s.in_transit + v.dt, consumed = s.consumed + v.dc,
       allocated = s.allocated + v.dal, total = s.total + v.da + v.dt + v.dc + v.dal
  FROM (VALUES (':pool'::uuid, ':license'::uuid, ${da}::int, ${dt}::int, 0::int, 0::int)) AS v(pool_id, license_id, da, dt, dc, dal)
 WHERE s.pool_id = v.pool_id AND s.license_id = v.license_id
RETURNING s.pool_id;`;

/** One cycle: the three transactions the three calls make, statement for statement. */
const PGBENCH_CYCLE = `
SELECT job_id AS job, machine_id AS machine, gen_random_uuid() AS mbx FROM bench_agent_jobs WHERE client = :client_id \\gset
BEGIN;
select "id", "account_id", "machine_id", "product_code", "licensing", "status" from "jobs"
  where ("jobs"."tenant_id" = ':tenant' and "jobs"."id" = ':job' and "jobs"."account_id" = ':acct') for update;
select ${MAILBOX_COLUMNS} from "mailboxes" where ("mailboxes"."tenant_id" = ':tenant' and "mailboxes"."job_id" = ':job'
  and "mailboxes"."source_mailbox" = ':mbx@s.example');
savepoint sp1;
select "code", "name", "description", "editions" from "products" where "products"."code" = 'MBX';
select "pool_id" from "accounts" where "accounts"."id" = ':acct';
select "id" from "pools" where ("pools"."owner_id" = ':acct' and "pools"."pool_type" = 'Default');
${STOCK_SELECT} where ("stock"."pool_id" in (':pool') and ("licenses"."product_code" = 'MBX' and "licenses"."usage_type" in ('Transactional')))
  order by "stock"."pool_id" asc, "stock"."license_id" asc for update of "stock";
${MOVE('Reserve', -1, -1, 1)}
release savepoint sp1;
insert into "mailboxes" (${MAILBOX_COLUMNS}) values (':tenant', ':mbx', ':job', ':mbx@s.example', 'Exchange',
  ':mbx@t.example', 'Microsoft 365', default, default, default, default, default, default, now(), default, default,
  'Reserved', '{"lots": [{"quantity": 1, "licenseId": ":license"}], "poolId": ":pool", "groupKey": ":groupkey"}', now())
  returning ${MAILBOX_COLUMNS};
update "jobs" set "mailbox_count" = "jobs"."mailbox_count" + 1 where ("jobs"."tenant_id" = ':tenant' and "jobs"."id" = ':job');
update "report_stats" set "mailbox_count" = "report_stats"."mailbox_count" + 1
  where ("report_stats"."tenant_id" = ':tenant' and "report_stats"."account_id" = ':acct' and "report_stats"."machine_id" = ':machine');
commit;
BEGIN;
${JOB_BY_MAILBOX}
select "tenant_id", "mailbox_id", "folder_path", "status", "total_items", "migrated_items", "failed_items", "filtered_items",
  "start_date", "end_date", "error_message" from "folders"
  where ("folders"."tenant_id" = ':tenant' and "folders"."mailbox_id" = ':mbx' and "folders"."folder_path" in ('Inbox'));
insert into "folders" ("tenant_id", "mailbox_id", "folder_path", "status", "total_items", "migrated_items", "failed_items",
  "filtered_items", "start_date", "end_date", "error_message")
  values (':tenant', ':mbx', 'Inbox', 'InProgress', 10, 10, 0, 0, now(), NULL, NULL)
  on conflict ("tenant_id","mailbox_id","folder_path") do update set "status" = excluded.status,
  "total_items" = excluded.total_items, "migrated_items" = excluded.migrated_items, "failed_items" = excluded.failed_items,
  "filtered_items" = excluded.filtered_items, "end_date" = CASE WHEN excluded.end_date IS NULL THEN NULL
  ELSE coalesce("folders"."end_date", greatest("folders"."start_date", excluded.end_date)) END,
  "error_message" = excluded.error_message;
update "mailboxes" set "total_items" = "mailboxes"."total_items" + 10, "migrated_items" = "mailboxes"."migrated_items" + 10,
  "failed_items" = "mailboxes"."failed_items" + 0, "filtered_items" = "mailboxes"."filtered_items" + 0,
  "folder_count" = "mailboxes"."folder_count" + 1, "last_report_at" = greatest("mailboxes"."last_report_at", now())
  where ("mailboxes"."tenant_id" = ':tenant' and "mailboxes"."id" = ':mbx') returning ${MAILBOX_COLUMNS};
update "jobs" set "total_items" = "jobs"."total_items" + 10, "migrated_items" = "jobs"."migrated_items" + 10,
  "failed_items" = "jobs"."failed_items" + 0, "filtered_items" = "jobs"."filtered_items" + 0
  where ("jobs"."tenant_id" = ':tenant' and "jobs"."id" = ':job');
commit;
BEGIN;
${JOB_BY_MAILBOX}
savepoint sp1;
${STOCK_SELECT} where ("stock"."pool_id" in (':pool') and "licenses"."id" in (':license'))
  order by "stock"."pool_id" asc, "stock"."license_id" asc for update of "stock";
${MOVE('Release', 1, 1, -1)}
release savepoint sp1;
update "mailboxes" set "status" = 'Failed', "end_date" = greatest("mailboxes"."start_date", now()),
  "error_message" = 'bench: released', "license_state" = 'Released' where ("mailboxes"."tenant_id" = ':tenant' and "mailboxes"."id" = ':mbx');
SELECT webhook_emit('mailbox.completed', ARRAY[':acct']::uuid[], '{"jobId": ":job", "status": "Failed", "mailboxId": ":mbx", "errorMessage": "bench: released", "licenseState": "Released", "sourceMailbox": ":mbx@s.example"}'::jsonb,
  now()) AS written;
UPDATE "jobs" SET "mailboxes_failed" = "mailboxes_failed" + 1 WHERE tenant_id = ':tenant'::uuid AND id = ':job'::uuid;
commit;
`;

/** The same cycles by pgbench, AGENTS clients, each on a job of its own made through the API. */
export async function pgbenchCycles(
  portal: PortalProcess,
  key: string,
  databaseUrl: string,
  seconds: number,
): Promise<CycleFigures> {
  const api = `${portal.url}/api`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let vars: Record<string, string>;
  try {
    await client.query('DROP TABLE IF EXISTS bench_agent_jobs');
    await client.query(
      'CREATE TABLE bench_agent_jobs (client int PRIMARY KEY, job_id uuid NOT NULL, machine_id uuid NOT NULL)',
    );
    for (let n = 0; n < AGENTS; n += 1) {
      const jobId = await startJob(api, key, `PGBENCH-${n}`, `pgbench-${n}-${Date.now()}`);
      await client.query('INSERT INTO bench_agent_jobs SELECT $1, id, machine_id FROM jobs WHERE id = $2', [n, jobId]);
    }
    // The lot, pool and key the API's cycles used: the newest Reserve made through a key.
    const { rows } = await client.query<
      Record<'tenant' | 'acct' | 'pool' | 'license' | 'groupkey' | 'apikey', string>
    >(`
      SELECT j.tenant_id AS tenant, m.actor_id AS acct, ml.pool_id AS pool, ml.license_id AS license,
             m.group_key AS groupkey, m.api_key_id AS apikey
        FROM movements m JOIN movement_lines ml ON ml.movement_id = m.id
        JOIN jobs j ON j.account_id = m.actor_id
       WHERE m.action = 'Reserve' AND m.api_key_id IS NOT NULL
       ORDER BY m.created_at DESC LIMIT 1`);
    const head = rows[0];
    if (!head) throw new Error('no Reserve through a key to copy: run the API cycles first');
    vars = head;
  } finally {
    await client.end();
  }
  const run = await runPgbench({ script: PGBENCH_CYCLE, vars, databaseUrl, clients: AGENTS, seconds });
  return {
    cyclesPerSecond: run.perSecond,
    p99Ms: { start: NaN, progress: NaN, complete: NaN, cycle: p99(run.latenciesMs) },
    errors: run.failed,
  };
}
