import { PAGES } from '@portal/contracts/pages';

/** The drill-down of the reports: Machine/User -> Jobs -> Mailboxes -> Folders (paths from contracts/pages). */
export const REPORT_PATHS = {
  machines: PAGES.reportMachines,
  users: PAGES.reportUsers,
  jobs: PAGES.reportJobs,
} as const;

export const jobsPath = PAGES.jobs;
export const jobPath = PAGES.job;
export const foldersPath = PAGES.folders;
