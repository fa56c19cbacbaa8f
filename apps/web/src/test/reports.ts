import { type JobTimeline, jobTimelineSchema } from '@portal/contracts/charts';
import {
  folderReportRowSchema,
  type FolderReportRow,
  jobReportRowSchema,
  type JobReportRow,
  jobSummarySchema,
  type JobSummary,
  machineReportRowSchema,
  type MachineReportRow,
  mailboxReportRowSchema,
  type MailboxReportRow,
  type ReportResult,
  type ReportViewType,
  reportResultSchema,
  userReportRowSchema,
  type UserReportRow,
} from '@portal/contracts/reports';
import { json } from './mock-api';

export const JOB_ID = '0f2b5c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
export const MAILBOX_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
export const USER_ID = '11111111-1111-4111-8111-111111111111';

const counters = {
  totalItems: 1200,
  migratedItems: 1040,
  failedItems: 10,
  filteredItems: 0,
  skippedItems: 0,
  completionPercentage: 87.5,
  status: 'InProgress',
  startDate: '2026-02-03T12:04:05.000Z',
  endDate: null,
  errorMessage: null,
} as const;

/** The id of machineRow's machine. */
export const MACHINE_ID = '7d3f1b2a-4c5e-4f60-8a9b-0c1d2e3f4a5b';

export const machineRow = (overrides: Partial<MachineReportRow> = {}): MachineReportRow =>
  machineReportRowSchema.parse({
    id: MACHINE_ID,
    name: 'MIG-WS-01',
    jobCount: 3,
    accountCount: 1250,
    boundUnitCount: 1,
    blocked: false,
    lastJobStartDate: '2026-02-03T12:04:05.000Z',
    lastJobEndDate: null,
    ...overrides,
  });

export const userRow = (overrides: Partial<UserReportRow> = {}): UserReportRow =>
  userReportRowSchema.parse({
    id: USER_ID,
    name: 'Ann Lee',
    email: 'ann@contoso.example',
    jobCount: 2,
    lastJobStartDate: '2026-02-03T12:04:05.000Z',
    lastJobEndDate: '2026-02-04T08:00:00.000Z',
    ...overrides,
  });

export const jobRow = (overrides: Partial<JobReportRow> = {}): JobReportRow =>
  jobReportRowSchema.parse({
    ...counters,
    id: JOB_ID,
    name: 'Contoso wave 1',
    machineName: 'MIG-WS-01',
    userName: 'Ann Lee',
    apiKeyName: null,
    accountCount: 12,
    productCode: 'MBX',
    ...overrides,
  });

export const jobSummary = (overrides: Partial<JobSummary> = {}): JobSummary =>
  jobSummarySchema.parse({
    ...jobRow(),
    userId: USER_ID,
    completeness: {
      verdict: 'Incomplete',
      consistencyGrade: 'Investigate',
      mailboxesByVerdict: { Complete: 8, CompleteWithAcceptedSkips: 1, Incomplete: 3 },
    },
    mailboxesByStatus: { InProgress: 2, Completed: 8, CompletedWithErrors: 1, Failed: 1, Cancelled: 0 },
    ...overrides,
  });

export const mailboxRow = (overrides: Partial<MailboxReportRow> = {}): MailboxReportRow =>
  mailboxReportRowSchema.parse({
    ...counters,
    id: MAILBOX_ID,
    jobId: JOB_ID,
    sourceMailbox: 'ann@contoso.example',
    sourceType: 'Exchange',
    targetMailbox: 'ann@fabrikam.example',
    destinationType: 'Office 365',
    folderCount: 14,
    sourceItems: 0,
    destinationItems: 0,
    missingItems: 0,
    acceptedSkippedItems: 0,
    verdict: 'Incomplete',
    consistencyScore: 99.17,
    consistencyGrade: 'Investigate',
    ...overrides,
  });

export const folderRow = (overrides: Partial<FolderReportRow> = {}): FolderReportRow =>
  folderReportRowSchema.parse({
    ...counters,
    folderPath: 'Inbox/Projects',
    status: 'CompletedWithErrors',
    completionPercentage: 100,
    errorMessage: 'Item too large',
    endDate: '2026-02-03T13:00:00.000Z',
    sourceItems: null,
    sourceBytes: null,
    destinationItems: null,
    destinationBytes: null,
    missingItems: 0,
    skips: [],
    verdict: 'Incomplete',
    ...overrides,
  });

type ReportAnswer = ReportResult | { status: number; message: string };

/**
 * Answers `POST /api/Report` per viewType, each page checked against the contract; a view the test
 * did not set up answers 500, so the screen shows it and the test fails on its own assertion.
 */
export function reportReplies(answers: Partial<Record<ReportViewType, ReportAnswer>>) {
  return async (request: Request) => {
    const { viewType } = (await request.clone().json()) as { viewType: ReportViewType };
    const answer = answers[viewType];
    if (!answer) return json(500, { success: false, message: `No ${viewType} report in this test.` });
    if ('status' in answer) return json(answer.status, { success: false, message: answer.message });
    return json(200, { success: true, data: reportResultSchema.parse(answer) });
  };
}

export const REPORT_KEY = 'POST /api/Report';

/** The job's items-timeline chart (GET Report/job/{jobId}/items-timeline): two 5-minute intervals. */
export const TIMELINE_KEY = `GET /api/Report/job/${JOB_ID}/items-timeline`;
export const jobTimeline = (overrides: Partial<JobTimeline> = {}): JobTimeline =>
  jobTimelineSchema.parse({
    jobId: JOB_ID,
    bucketSeconds: 300,
    from: '2026-02-03T12:00:00.000Z',
    to: '2026-02-03T12:05:00.000Z',
    points: [
      { at: '2026-02-03T12:00:00.000Z', migratedItems: 40, mailboxes: 1, cumulative: 40 },
      { at: '2026-02-03T12:05:00.000Z', migratedItems: 1000, mailboxes: 2, cumulative: 1040 },
    ],
    ...overrides,
  });
