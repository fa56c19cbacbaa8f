/**
 * The bare SQL of each report page, for the benchmark's SQL side (bench/reports.ts): a copy of the
 * statements the portal runs for an Admin of the whole tenant, in the same order on one
 * connection. Keep in step with their source:
 * - JOB_PAGE: apps/server/src/modules/reports/reports.jobs.ts `jobPage`;
 * - MACHINES, USERS: reports.machines-users.ts `machineReport`, `userReport`;
 * - READABLE_JOB, MAILBOX_PAGE, FOLDER_HEADER, FOLDER_PAGE: reports.drill-down.ts.
 * For a tenant's top Admin `accountIn(...)` is `true`: the tenant filter alone is the scope. The
 * tenant itself comes with the session (core/session.ts), so no page reads it on its own.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

// The dates come as ISO text formatted by PostgreSQL, as in modules/reports/reports.rows.ts.
const isoText = (a: string, column: string) =>
  `to_char(${a}.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const counters = (a: string) =>
  [
    `${a}.total_items::float8 AS total_items`,
    `${a}.migrated_items::float8 AS migrated_items`,
    `${a}.failed_items::float8 AS failed_items`,
    `${a}.filtered_items::float8 AS filtered_items`,
    `${a}.status`,
    isoText(a, 'start_date'),
    isoText(a, 'end_date'),
    `${a}.error_message`,
  ].join(', ');

const JOB_COLUMNS = `j.tenant_id, j.id, j.name, j.product_code, j.licensing, j.mailbox_count,
      ${counters('j')}, j.account_id, m.name AS machine_name, a.name AS user_name, a.email AS user_email`;

const MAILBOX_COLUMNS = `mb.id, mb.job_id, mb.source_mailbox, mb.source_type, mb.target_mailbox,
      mb.destination_type, mb.folder_count, ${counters('mb')}`;

const JOB_PAGE = `
    WITH total AS (
      SELECT COALESCE(SUM(rs.job_count), 0)::int AS total_count
      FROM report_stats rs
      WHERE rs.tenant_id = $1::uuid AND true AND true
    ), keys AS (
      SELECT j.tenant_id, j.id, j.start_date AS sort_start
      FROM jobs j
      WHERE j.tenant_id = $2::uuid AND true AND true
      ORDER BY j.start_date DESC, j.id
      LIMIT $3 OFFSET $4
    ), page AS (
      SELECT ${JOB_COLUMNS}, keys.sort_start
      FROM keys
      JOIN jobs j ON j.tenant_id = keys.tenant_id AND j.id = keys.id
      JOIN machines m ON m.tenant_id = j.tenant_id AND m.id = j.machine_id
      JOIN accounts a ON a.id = j.account_id
    )
    SELECT total.total_count, page.* FROM total LEFT JOIN page ON true
    ORDER BY page.sort_start DESC, page.id`;

const MACHINES = `
    SELECT m.name,
      SUM(rs.job_count)::int AS job_count,
      SUM(rs.mailbox_count)::int AS mailbox_count,
      MAX(rs.last_job_start_date) AS last_job_start_date,
      MAX(rs.last_job_end_date) AS last_job_end_date,
      COUNT(*) OVER ()::int AS total_count
    FROM report_stats rs
    JOIN machines m ON m.tenant_id = rs.tenant_id AND m.id = rs.machine_id
    WHERE rs.tenant_id = $1::uuid AND true
    GROUP BY rs.tenant_id, rs.machine_id, m.name
    ORDER BY MAX(rs.last_job_start_date) DESC NULLS LAST, m.name, rs.tenant_id, rs.machine_id
    LIMIT $2 OFFSET $3`;

const USERS = `
    SELECT a.id, a.name, a.email,
      SUM(rs.job_count)::int AS job_count,
      MAX(rs.last_job_start_date) AS last_job_start_date,
      MAX(rs.last_job_end_date) AS last_job_end_date,
      COUNT(*) OVER ()::int AS total_count
    FROM report_stats rs
    JOIN accounts a ON a.id = rs.account_id
    WHERE rs.tenant_id = $1::uuid AND true
    GROUP BY rs.tenant_id, a.id, a.name, a.email
    ORDER BY MAX(rs.last_job_start_date) DESC NULLS LAST, a.name, a.id
    LIMIT $2 OFFSET $3`;

const READABLE_JOB = `
    SELECT ${JOB_COLUMNS}, j.mailboxes_completed, j.mailboxes_completed_with_errors,
      j.mailboxes_failed, j.mailboxes_cancelled
    FROM jobs j
    JOIN machines m ON m.tenant_id = j.tenant_id AND m.id = j.machine_id
    JOIN accounts a ON a.id = j.account_id
    WHERE j.tenant_id = $1::uuid AND j.id = $2::uuid AND true`;

const MAILBOX_PAGE = `
    SELECT ${MAILBOX_COLUMNS}
    FROM mailboxes mb
    WHERE mb.tenant_id = $1::uuid AND mb.job_id = $2::uuid
    ORDER BY mb.start_date DESC, mb.id
    LIMIT $3 OFFSET $4`;

const FOLDER_HEADER = `
    SELECT ${MAILBOX_COLUMNS}, mb.tenant_id, j.name AS job_name
    FROM mailboxes mb
    JOIN jobs j ON j.tenant_id = mb.tenant_id AND j.id = mb.job_id
    WHERE mb.tenant_id = $1::uuid AND mb.id = $2::uuid
      AND true`;

const FOLDER_PAGE = `
    SELECT f.folder_path, ${counters('f')}
    FROM folders f
    WHERE f.tenant_id = $1::uuid AND f.mailbox_id = $2::uuid
    ORDER BY f.start_date DESC, f.folder_path
    LIMIT $3 OFFSET $4`;

/** The ids a page needs: the signed-in Admin (= the tenant), a big job, a big mailbox. */
export interface PageIds {
  adminId: string;
  tenantId: string;
  bigJobId: string;
  bigMailboxId: string;
}

export interface ReportPage {
  name: string;
  body: Record<string, unknown>;
  statements: Statement[];
}

const offset = (page: number, size: number) => (page - 1) * size;

export function reportPages(ids: PageIds): ReportPage[] {
  const t = ids.tenantId;
  const jobs = (page: number): ReportPage => ({
    name: page === 1 ? 'Jobs, page 1 of 25 with its total' : `Jobs, page ${page} of 25`,
    body: { viewType: 'Job', pageNumber: page, pageSize: 25 },
    statements: [{ text: JOB_PAGE, values: [t, t, 25, offset(page, 25)] }],
  });
  return [
    {
      name: 'Folders, 500 of a 2,500-folder mailbox',
      body: { viewType: 'Folder', pageNumber: 1, pageSize: 500, mailboxId: ids.bigMailboxId },
      statements: [
        { text: FOLDER_HEADER, values: [t, ids.bigMailboxId] },
        { text: FOLDER_PAGE, values: [t, ids.bigMailboxId, 500, 0] },
      ],
    },
    jobs(1),
    {
      name: 'Mailboxes, 10 of a 10,000-mailbox job',
      body: { viewType: 'Mailbox', pageNumber: 1, pageSize: 10, jobId: ids.bigJobId },
      statements: [
        { text: READABLE_JOB, values: [t, ids.bigJobId] },
        { text: MAILBOX_PAGE, values: [t, ids.bigJobId, 10, 0] },
      ],
    },
    {
      name: 'Machines view, page 1 of 25',
      body: { viewType: 'Machine', pageNumber: 1, pageSize: 25 },
      statements: [{ text: MACHINES, values: [t, 25, 0] }],
    },
    {
      name: 'Users view, page 1 of 25',
      body: { viewType: 'User', pageNumber: 1, pageSize: 25 },
      statements: [{ text: USERS, values: [t, 25, 0] }],
    },
    jobs(200),
  ];
}

/** The ids of the largest tenant's Admin, its biggest job and its mailbox with the most folders. */
export const PAGE_IDS = `
  SELECT a.id AS admin_id,
    (SELECT j.id FROM jobs j WHERE j.tenant_id = a.id ORDER BY j.mailbox_count DESC, j.id LIMIT 1) AS big_job_id,
    (SELECT mb.id FROM mailboxes mb WHERE mb.tenant_id = a.id ORDER BY mb.folder_count DESC, mb.id LIMIT 1) AS big_mailbox_id,
    (SELECT mailbox_count FROM jobs j WHERE j.tenant_id = a.id ORDER BY j.mailbox_count DESC LIMIT 1) AS big_job_mailboxes
  FROM accounts a WHERE a.email = $1`;
