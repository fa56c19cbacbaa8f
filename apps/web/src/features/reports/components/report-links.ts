/** The drill-down of the reports (spec section 2): Machine/User -> Jobs -> Mailboxes -> Folders. */
export const REPORT_PATHS = {
  machines: '/reports/machine',
  users: '/reports/users',
  jobs: '/reports/jobs',
} as const;

export function jobsPath(filter: { userId?: string; machineName?: string } = {}): string {
  const params = new URLSearchParams();
  if (filter.userId) params.set('userId', filter.userId);
  if (filter.machineName) params.set('machineName', filter.machineName);
  const search = params.toString();
  return search ? `${REPORT_PATHS.jobs}?${search}` : REPORT_PATHS.jobs;
}

export function jobPath(jobId: string): string {
  return `/reports/job?${new URLSearchParams({ jobId })}`;
}

export function foldersPath(mailboxId: string): string {
  return `/reports/folders?${new URLSearchParams({ mailboxId })}`;
}
