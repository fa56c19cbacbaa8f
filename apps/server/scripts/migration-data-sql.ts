// The set-based SQL of the scale generator (generate-migration-data.ts). Every row is derived from
// its number by hashing, so a mailbox's totals can be computed from its folders before the folders
// are written, and the kept counters come out exactly equal to the sums of the rows they count.

/** Per-tenant sizes computed by the script: tenant 1 is the largest. */
export interface TenantPlan {
  accounts: number;
  machines: number;
  jobs: number;
}

export interface Shape {
  bigJobs: number;
  bigJobMailboxes: number;
  bigMailboxes: number;
  bigMailboxFolders: number;
  mailboxes: number;
  folders: number;
}

/** A deterministic pseudo-random non-negative int of (n, salt); the plan's only source of chance. */
export const FUNCTIONS = [
  `CREATE FUNCTION pg_temp.h(n bigint, salt int) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
     AS $$ SELECT hashint8(n * 1000003 + salt) & 2147483647 $$`,
  // The folders of mailbox number `mb` (status `st`), numbered 1..n, with consistent counters.
  `CREATE FUNCTION pg_temp.folders_of(mb bigint, n int, st text)
     RETURNS TABLE (fi int, total int, filtered int, failed int, migrated int)
     LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT fi, total, filtered, failed,
            CASE WHEN st IN ('Completed', 'CompletedWithErrors') THEN total - filtered - failed
                 ELSE (total - filtered - failed) * (pg_temp.h(k, 14) % 90) / 100 END
     FROM (SELECT fi, k, total, filtered,
                  CASE WHEN st IN ('CompletedWithErrors', 'Failed')
                       THEN (total - filtered) * (pg_temp.h(k, 13) % 8) / 100 ELSE 0 END AS failed
           FROM (SELECT fi, k, total, total * (pg_temp.h(k, 12) % 5) / 100 AS filtered
                 FROM (SELECT fi, k, pg_temp.h(k, 11) % 400 + CASE WHEN fi = 1 THEN 1500 ELSE 0 END AS total
                       FROM (SELECT fi, mb * 100000 + fi AS k FROM generate_series(1, n) fi) a) b) c) d
     $$`,
];

const FOLDER_NAMES = `ARRAY['Inbox','Sent Items','Drafts','Deleted Items','Archive','Calendar','Contacts','Tasks','Notes']`;

export const PLAN_TABLES = `
CREATE TEMP TABLE t_tenants (tenant_no int PRIMARY KEY, n_accounts int, n_machines int, n_jobs int, job_off int);
CREATE TEMP TABLE t_accounts (tenant_no int, k int, id uuid NOT NULL DEFAULT gen_random_uuid(), role text, parent_k int,
  PRIMARY KEY (tenant_no, k));
CREATE TEMP TABLE t_machines (tenant_no int, k int, id uuid NOT NULL DEFAULT gen_random_uuid(), PRIMARY KEY (tenant_no, k));`;

/** One row per tenant, from the sizes the script split. */
export function tenantRows(plans: TenantPlan[]): { text: string; values: number[] } {
  let off = 0;
  const values: number[] = [];
  const rows = plans.map((p, i) => {
    values.push(i + 1, p.accounts, p.machines, p.jobs, off);
    off += p.jobs;
    const b = i * 5;
    return `($${b + 1}::int, $${b + 2}::int, $${b + 3}::int, $${b + 4}::int, $${b + 5}::int)`;
  });
  return { text: `INSERT INTO t_tenants VALUES ${rows.join(', ')}`, values };
}

/**
 * Account k of a tenant: 1 the top Admin, 2 an Auditor, 3 and every tenth an Admin, the rest Users.
 * Accounts 2..10 sit under the top Admin; above 10, even ones under Admin 3 (two levels deep).
 */
export const PLAN_ACCOUNTS = `
INSERT INTO t_accounts (tenant_no, k, role, parent_k)
SELECT t.tenant_no, k,
       CASE WHEN k = 1 OR k = 3 OR k % 10 = 0 THEN 'Admin' WHEN k = 2 THEN 'Auditor' ELSE 'User' END,
       CASE WHEN k = 1 THEN NULL WHEN k > 10 AND k % 2 = 0 THEN 3 ELSE 1 END
FROM t_tenants t, generate_series(1, t.n_accounts) k;
INSERT INTO t_machines (tenant_no, k) SELECT t.tenant_no, k FROM t_tenants t, generate_series(1, t.n_machines) k;`;

/** Accounts whose parent is `parent` (null: the tops), in one statement so the closure trigger fills the tree. */
export const insertAccounts = (where: string) => `
INSERT INTO accounts (id, email, name, password_hash, roles, parent_id, email_validated_at, eula_version, eula_accepted_at)
SELECT a.id, format('gen-t%s-%s-%s@example.com', a.tenant_no, lower(a.role), a.k),
       format('Org %s %s %s', lpad(a.tenant_no::text, 3, '0'), a.role, a.k), $1, ARRAY[a.role], p.id, now(), $2, now()
FROM t_accounts a LEFT JOIN t_accounts p ON p.tenant_no = a.tenant_no AND p.k = a.parent_k
WHERE ${where}`;

export const SUPERADMIN = `
INSERT INTO accounts (email, name, password_hash, roles, email_validated_at, eula_version, eula_accepted_at)
VALUES ('gen-superadmin@example.com', 'Generated Provider', $1, ARRAY['SuperAdmin'], now(), $2, now()) RETURNING id`;

export const POOLS = `
INSERT INTO pools (owner_id, name, description, pool_type)
SELECT id, 'Default Pool', name || '''s own licenses', 'Default' FROM accounts WHERE email LIKE 'gen-%'`;

export const MACHINES = `
INSERT INTO machines (tenant_id, id, name, fingerprint, registered_by, last_seen_at, created_at)
SELECT top.id, m.id, format('MIGRATION-PC-%s', lpad(m.k::text, 4, '0')), md5(m.id::text), top.id,
       now() - make_interval(secs => pg_temp.h(m.k, m.tenant_no) % 86400), now() - interval '400 days'
FROM t_machines m JOIN t_accounts top ON top.tenant_no = m.tenant_no AND top.k = 1`;

/**
 * The jobs' plan: tenant, machine, account (never the Auditor; the machine's owner, now and then a
 * colleague, so report_stats holds about two rows per machine), start over the past year (0.3 % still
 * running, started this hour) and mailbox count. The first `bigJobs` jobs of tenant 1 carry
 * `bigJobMailboxes` each; the rest share the other mailboxes by weight (at least one each).
 */
export const planJobs = (s: Shape, jobs: number) => {
  const big = s.bigJobs * s.bigJobMailboxes;
  const extra = s.mailboxes - big - (jobs - s.bigJobs);
  return `
CREATE TEMP TABLE t_jobs AS
SELECT j.*, (sum(n_mb) OVER (ORDER BY job_no) - n_mb)::bigint AS mb_off
FROM (
  SELECT w.*, CASE WHEN job_no <= ${s.bigJobs} THEN ${s.bigJobMailboxes}::bigint
                   ELSE (1 + floor(${extra}::numeric * cum / tot) - floor(${extra}::numeric * (cum - wt) / tot))::bigint END AS n_mb
  FROM (
    SELECT b.*, sum(wt) OVER (ORDER BY job_no) AS cum, sum(wt) OVER () AS tot
    FROM (
      SELECT t.tenant_no, t.job_off + g AS job_no, gen_random_uuid() AS id,
             CASE WHEN t.job_off + g <= ${s.bigJobs} THEN 0 ELSE 1 + pg_temp.h(t.job_off + g, 5) % 19 END AS wt,
             pg_temp.h(t.job_off + g, 1) % 1000 < 3 AND t.job_off + g > ${s.bigJobs} AS running,
             1 + pg_temp.h(t.job_off + g, 2) % t.n_machines AS machine_k,
             -- A machine belongs to an engineer; one job in 20 there is run by a colleague.
             (pg_temp.h(t.job_off + g, 2) % t.n_machines + CASE WHEN pg_temp.h(t.job_off + g, 3) % 20 = 0 THEN 1 ELSE 0 END)
               % (t.n_accounts - 1) + 1 AS account_i
      FROM t_tenants t, generate_series(1, t.n_jobs) g) b) w) j;
ALTER TABLE t_jobs ADD PRIMARY KEY (job_no);
ALTER TABLE t_jobs ADD COLUMN start_date timestamptz;
UPDATE t_jobs SET start_date = CASE WHEN running THEN now() - make_interval(secs => 600 + pg_temp.h(job_no, 4) % 3000)
  ELSE date_trunc('second', now()) - interval '2 days' - make_interval(secs => pg_temp.h(job_no, 4) % (363 * 86400)) END;`;
};

/**
 * The mailboxes' plan, with each one's folder count and the sums of its folders. The first mailbox
 * of `bigMailboxes` jobs after the big ones holds `bigMailboxFolders` folders (the Folder page).
 */
export const planMailboxes = (s: Shape) => {
  const bigJobs = `j.job_no > ${s.bigJobs} AND j.job_no <= ${s.bigJobs + s.bigMailboxes}`;
  const extra = s.folders - s.bigMailboxes * s.bigMailboxFolders - (s.mailboxes - s.bigMailboxes);
  return `
CREATE TEMP TABLE t_mailboxes AS
SELECT m.*, (m.start_date + make_interval(secs => 20 * m.n_f::int + 10))::timestamptz AS end_at, x.*
FROM (
  SELECT w.*, CASE WHEN big THEN ${s.bigMailboxFolders}::bigint
                   ELSE (1 + floor(${extra}::numeric * cum / tot) - floor(${extra}::numeric * (cum - wt) / tot))::bigint END AS n_f
  FROM (
    SELECT b.*, sum(wt) OVER (ORDER BY mb_no) AS cum, sum(wt) OVER () AS tot
    FROM (
      SELECT j.mb_off + i AS mb_no, j.job_no, i, gen_random_uuid() AS id,
             (i = 1 AND ${bigJobs}) AS big,
             CASE WHEN i = 1 AND ${bigJobs} THEN 0 ELSE 1 + pg_temp.h(j.mb_off + i, 6) % 9 END AS wt,
             CASE WHEN j.running AND pg_temp.h(j.mb_off + i, 7) % 3 = 0 THEN 'InProgress'
                  WHEN j.running THEN 'Completed'
                  ELSE CASE WHEN pg_temp.h(j.mb_off + i, 7) % 1000 < 850 THEN 'Completed'
                            WHEN pg_temp.h(j.mb_off + i, 7) % 1000 < 930 THEN 'CompletedWithErrors'
                            WHEN pg_temp.h(j.mb_off + i, 7) % 1000 < 970 THEN 'Failed' ELSE 'Cancelled' END END AS status,
             j.start_date + make_interval(secs => 3 * (i - 1)) AS start_date
      FROM t_jobs j, generate_series(1, j.n_mb) i) b) w) m,
LATERAL (SELECT sum(f.total) AS total, sum(f.migrated) AS migrated, sum(f.failed) AS failed, sum(f.filtered) AS filtered
         FROM pg_temp.folders_of(m.mb_no, m.n_f::int, m.status) f) x;
ALTER TABLE t_mailboxes ADD PRIMARY KEY (mb_no);
CREATE INDEX ON t_mailboxes (job_no);`;
};

/** Jobs with their counters summed from the mailboxes' plan; the status follows from them. */
export const JOBS = `
INSERT INTO jobs (tenant_id, id, client_key, machine_id, account_id, name, product_code, licensing, status,
  total_items, migrated_items, failed_items, filtered_items, mailbox_count, mailboxes_completed,
  mailboxes_completed_with_errors, mailboxes_failed, mailboxes_cancelled, start_date, end_date, error_message)
SELECT top.id, j.id, 'gen-' || j.job_no, mc.id, acc.id, format('Migration wave %s', j.job_no),
       CASE pg_temp.h(j.job_no, 8) % 10 WHEN 0 THEN 'ARC' WHEN 1 THEN 'T2T' ELSE 'MBX' END,
       CASE WHEN pg_temp.h(j.job_no, 8) % 10 < 2 THEN 'NodeLocked' ELSE 'PerMailbox' END,
       CASE WHEN j.running THEN 'InProgress' WHEN s.n = 0 OR s.done = s.n THEN 'Completed'
            WHEN s.fail + s.cancel = s.n THEN 'Failed' ELSE 'CompletedWithErrors' END,
       s.total, s.migrated, s.failed, s.filtered, s.n, s.done, s.cwe, s.fail, s.cancel, j.start_date,
       CASE WHEN j.running THEN NULL ELSE greatest(j.start_date, s.end_at) END,
       CASE WHEN NOT j.running AND s.n > 0 AND s.fail + s.cancel = s.n THEN 'Every mailbox failed or was cancelled' END
FROM t_jobs j
JOIN t_tenants t ON t.tenant_no = j.tenant_no
JOIN t_accounts top ON top.tenant_no = j.tenant_no AND top.k = 1
JOIN t_accounts acc ON acc.tenant_no = j.tenant_no AND acc.k = CASE WHEN j.account_i = 1 THEN 1 ELSE j.account_i + 1 END
JOIN t_machines mc ON mc.tenant_no = j.tenant_no AND mc.k = j.machine_k
LEFT JOIN LATERAL (
  SELECT count(*) AS n, count(*) FILTER (WHERE status = 'Completed') AS done,
         count(*) FILTER (WHERE status = 'CompletedWithErrors') AS cwe, count(*) FILTER (WHERE status = 'Failed') AS fail,
         count(*) FILTER (WHERE status = 'Cancelled') AS cancel, coalesce(sum(total), 0) AS total,
         coalesce(sum(migrated), 0) AS migrated, coalesce(sum(failed), 0) AS failed,
         coalesce(sum(filtered), 0) AS filtered, max(end_at) AS end_at
  FROM t_mailboxes m WHERE m.job_no = j.job_no) s ON true
WHERE j.job_no BETWEEN $1 AND $2`;

const ERROR_OF = `CASE m.status WHEN 'Failed' THEN 'The source server closed the connection (3 retries)'
  WHEN 'Cancelled' THEN 'Cancelled by the operator' WHEN 'CompletedWithErrors' THEN 'Some items exceeded the size limit' END`;

export const MAILBOXES = `
INSERT INTO mailboxes (tenant_id, id, job_id, source_mailbox, source_type, target_mailbox, destination_type, status,
  total_items, migrated_items, failed_items, filtered_items, folder_count, start_date, end_date, error_message,
  license_state, last_report_at)
SELECT top.id, m.id, j.id, format('user%s@source-%s.example', m.i, j.tenant_no),
       (ARRAY['Exchange','Gmail','IMAP','Office365'])[1 + pg_temp.h(m.job_no, 9) % 4],
       format('user%s@target-%s.example', m.i, j.tenant_no), 'Office365', m.status,
       m.total, m.migrated, m.failed, m.filtered, m.n_f, m.start_date,
       CASE WHEN m.status = 'InProgress' THEN NULL ELSE m.end_at END, ${ERROR_OF},
       -- An MBX job's mailbox draws a unit (ledger-data-sql.ts); its reservation is left null.
       CASE WHEN pg_temp.h(m.job_no, 8) % 10 < 2 THEN 'None' WHEN m.status = 'InProgress' THEN 'Reserved'
            WHEN m.status IN ('Completed', 'CompletedWithErrors') THEN 'Consumed' ELSE 'Released' END,
       CASE WHEN m.status = 'InProgress' THEN now() ELSE m.end_at END
FROM t_mailboxes m JOIN t_jobs j ON j.job_no = m.job_no
JOIN t_accounts top ON top.tenant_no = j.tenant_no AND top.k = 1
WHERE m.mb_no BETWEEN $1 AND $2`;

export const FOLDERS = `
INSERT INTO folders (tenant_id, mailbox_id, folder_path, status, total_items, migrated_items, failed_items,
  filtered_items, start_date, end_date, error_message)
SELECT top.id, m.id, coalesce((${FOLDER_NAMES})[f.fi], format('Inbox/Projects/Project %s', lpad(f.fi::text, 4, '0'))),
       CASE WHEN m.status = 'CompletedWithErrors' AND f.failed = 0 THEN 'Completed' ELSE m.status END,
       f.total, f.migrated, f.failed, f.filtered, m.start_date + make_interval(secs => 20 * (f.fi - 1)),
       CASE WHEN m.status = 'InProgress' THEN NULL ELSE m.start_date + make_interval(secs => 20 * (f.fi - 1) + 15) END,
       CASE WHEN f.failed > 0 THEN format('%s items exceeded the size limit', f.failed) END
FROM t_mailboxes m JOIN t_jobs j ON j.job_no = m.job_no
JOIN t_accounts top ON top.tenant_no = j.tenant_no AND top.k = 1,
LATERAL pg_temp.folders_of(m.mb_no, m.n_f::int, m.status) f
WHERE m.mb_no BETWEEN $1 AND $2`;

/** The kept per (tenant, account, machine) counts, as the agent keeps them (decision 018). */
export const REPORT_STATS = `
INSERT INTO report_stats (tenant_id, account_id, machine_id, job_count, mailbox_count, last_job_start_date, last_job_end_date)
SELECT tenant_id, account_id, machine_id, count(*), sum(mailbox_count), max(start_date), max(end_date)
FROM jobs WHERE tenant_id IN (SELECT id FROM t_accounts WHERE k = 1) GROUP BY tenant_id, account_id, machine_id`;
