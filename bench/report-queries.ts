import type { Principal } from '../apps/server/src/core/principal';
import { openPostgres } from '../apps/server/src/db/client';
import { folderReport, mailboxReport } from '../apps/server/src/modules/reports/reports.drill-down';
import { jobReport } from '../apps/server/src/modules/reports/reports.jobs';
import { machineReport, userReport } from '../apps/server/src/modules/reports/reports.machines-users';
import { reportScopeOf } from '../apps/server/src/modules/reports/reports.scope';

/**
 * The bare SQL of each report page, for the benchmark's SQL side (bench/reports.ts). Not a copy:
 * the server's own report functions (the ones `POST /Report` calls for each view) are run here for
 * the tenant's top Admin over a database whose logger captures every statement they send, and
 * those statements are replayed as they are, with their parameters, on one connection (as
 * bench/lists.ts does for the lists). A change to a report query is measured as soon as it is made.
 */
export interface Statement {
  text: string;
  values: unknown[];
}

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

/** The page, as `POST /Report` takes it, and the server's function that answers it. */
type Run = (db: Parameters<typeof machineReport>[0], principal: Principal) => Promise<unknown>;
interface PagePlan {
  name: string;
  body: Record<string, unknown>;
  run: Run;
}

function pagePlans(ids: PageIds): PagePlan[] {
  const jobs = (pageNumber: number): PagePlan => ({
    name: pageNumber === 1 ? 'Jobs, page 1 of 25 with its total' : `Jobs, page ${pageNumber} of 25`,
    body: { viewType: 'Job', pageNumber, pageSize: 25 },
    run: (db, principal) => jobReport(db, principal, { pageNumber, pageSize: 25 }),
  });
  return [
    {
      name: 'Folders, 500 of a 2,500-folder mailbox',
      body: { viewType: 'Folder', pageNumber: 1, pageSize: 500, mailboxId: ids.bigMailboxId },
      run: (db, principal) =>
        folderReport(db, principal, { pageNumber: 1, pageSize: 500, mailboxId: ids.bigMailboxId }),
    },
    jobs(1),
    {
      name: 'Mailboxes, 10 of a 10,000-mailbox job',
      body: { viewType: 'Mailbox', pageNumber: 1, pageSize: 10, jobId: ids.bigJobId },
      run: (db, principal) => mailboxReport(db, principal, { pageNumber: 1, pageSize: 10, jobId: ids.bigJobId }),
    },
    {
      name: 'Mailboxes, only incomplete, 10 of a 10,000-mailbox job',
      body: { viewType: 'Mailbox', pageNumber: 1, pageSize: 10, jobId: ids.bigJobId, onlyIncomplete: true },
      run: (db, principal) =>
        mailboxReport(db, principal, { pageNumber: 1, pageSize: 10, jobId: ids.bigJobId, onlyIncomplete: true }),
    },
    {
      name: 'Machines view, page 1 of 25',
      body: { viewType: 'Machine', pageNumber: 1, pageSize: 25 },
      run: (db, principal) => machineReport(db, reportScopeOf(principal), { pageNumber: 1, pageSize: 25 }),
    },
    {
      name: 'Users view, page 1 of 25',
      body: { viewType: 'User', pageNumber: 1, pageSize: 25 },
      run: (db, principal) => userReport(db, reportScopeOf(principal), { pageNumber: 1, pageSize: 25 }),
    },
    jobs(200),
  ];
}

/** The tenant's top Admin, as a signed-in session would give it (the tenant comes with the session). */
export function adminOf(ids: PageIds): Principal {
  return {
    accountId: ids.adminId,
    parentId: null,
    tenantId: ids.tenantId,
    sessionId: 'bench',
    kind: 'full',
    roles: ['Admin'],
    eulaAccepted: true,
    profile: { name: 'Bench Admin', email: 'bench@example.com', lastLogin: null, timeZone: null, locale: null },
    apiKey: null,
  };
}

/** Each page with the statements the server's report functions send for it, captured over `databaseUrl`. */
export async function reportPages(databaseUrl: string, ids: PageIds): Promise<ReportPage[]> {
  let log: Statement[] | null = null;
  const handle = openPostgres(databaseUrl, 1, { logQuery: (text, values) => log?.push({ text, values }) });
  const principal = adminOf(ids);
  try {
    const pages: ReportPage[] = [];
    for (const plan of pagePlans(ids)) {
      log = [];
      await plan.run(handle.db, principal);
      if (log.length === 0) throw new Error(`${plan.name}: the server's report function sent no statement`);
      pages.push({ name: plan.name, body: plan.body, statements: log });
      log = null;
    }
    return pages;
  } finally {
    await handle.close();
  }
}

/** The ids of the largest tenant's Admin, its biggest job and its mailbox with the most folders. */
export const PAGE_IDS = `
  SELECT a.id AS admin_id,
    (SELECT j.id FROM jobs j WHERE j.tenant_id = a.id ORDER BY j.mailbox_count DESC, j.id LIMIT 1) AS big_job_id,
    (SELECT mb.id FROM mailboxes mb WHERE mb.tenant_id = a.id ORDER BY mb.folder_count DESC, mb.id LIMIT 1) AS big_mailbox_id,
    (SELECT mailbox_count FROM jobs j WHERE j.tenant_id = a.id ORDER BY j.mailbox_count DESC LIMIT 1) AS big_job_mailboxes
  FROM accounts a WHERE a.email = $1`;
