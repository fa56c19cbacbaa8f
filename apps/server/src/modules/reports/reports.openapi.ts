import type { RouteDocs } from '../../core/endpoint';
import { csvExportDocs } from '../../lib/csv';

const tags = ['Migration reports'];
const exportRefusals = { 404: "A jobId, mailboxId or userId outside the caller's scope." } as const;

/** How the OpenAPI document describes each route of reports.routes.ts, by endpoint name. */
export const DOCS = {
  report: {
    tags,
    summary: 'Read one page of a migration report',
    description:
      'By Machine, User, Job, Mailbox (of a jobId) or Folder (of a mailboxId). ' +
      'Mailbox and Folder rows carry their completeness verdict (and the mailbox its consistency score); ' +
      '`onlyIncomplete: true` keeps the Incomplete ones (decision 044). ' +
      "Rows of the caller's scope, newest start first. Job may be narrowed to a userId and/or a machineName; " +
      'an id outside the scope answers 404. Page sizes are capped per view.',
    refusals: { 404: "A jobId, mailboxId or userId outside the caller's scope." },
  },
  jobTimeline: {
    tags,
    summary: "Read a job's items migrated over time (the job report's chart)",
    description:
      "Derived from the job's mailbox rows (the agent reports counters, not a history): each mailbox's " +
      'migrated items at its end, or at its last progress report while it runs, summed per interval ' +
      '(a minute to a month, at most 48 intervals over the job’s span), with the running total. ' +
      'Same scope as the job report.',
    refusals: { 404: "No such job in the caller's scope." },
  },
  jobReportPdf: {
    tags,
    summary: "Download a job's report as a PDF",
    description:
      'A cover with the organisation, the job, its totals as figures, a chart of its mailboxes by status and ' +
      "its completeness verdict; a table of its mailboxes (status, verdict, consistency); then each mailbox's " +
      'folders with their skipped items by reason and a few samples. Tagged (structure, language, title); ' +
      'every page has a header and "Page N of M". ' +
      "Written in the caller's language: the one chosen in Settings, else `Accept-Language` (English, German, " +
      'French or Spanish; an API key only by its own `Accept-Language`, else English); Japanese is written in English, ' +
      'as the embedded font has no Japanese glyphs. Figures and times keep one format in every language. ' +
      "Times are written in `timeZone` (an IANA name; when absent, the zone of the caller's account from Settings, else UTC), which the PDF names; an unknown zone is a 400. " +
      'The file name is in content-disposition. A job outside the scope answers 404 in the JSON envelope.',
    success: {
      status: 200,
      description: 'The PDF, streamed.',
      mediaType: 'application/pdf',
      headers: { 'Content-Disposition': 'attachment, with the file name: `Migration_Report_<job name>.pdf`.' },
    },
    refusals: { 404: "No such job in the caller's scope." },
  },
  mailboxReportPdf: {
    tags,
    summary: "Download one mailbox's report as a PDF",
    description:
      "The job report's layout for one mailbox: its cover with its figures, verdict, consistency and skipped " +
      'items by reason, then its folders with their skipped items and a few samples. ' +
      "Written in the caller's language: the one chosen in Settings, else `Accept-Language` (English, German, " +
      'French or Spanish; an API key only by its own `Accept-Language`, else English); Japanese is written in English, ' +
      'as the embedded font has no Japanese glyphs. Figures and times keep one format in every language. ' +
      "Times are written in `timeZone` (an IANA name; when absent, the zone of the caller's account from Settings, else UTC), which the PDF names; an unknown zone is a 400. " +
      "Same scope as the mailbox's folders: a mailbox whose job is outside the scope answers 404 in the JSON envelope.",
    success: {
      status: 200,
      description: 'The PDF, streamed.',
      mediaType: 'application/pdf',
      headers: {
        'Content-Disposition': 'attachment, with the file name: `Migration_Report_<job name>_<source mailbox>.pdf`.',
      },
    },
    refusals: { 404: "No such mailbox in the caller's scope." },
  },
  exportMachineReport: {
    tags,
    summary: 'Export the Machine view as CSV',
    ...csvExportDocs('report-machines', "Every row of the Machine view in the caller's scope, in its order."),
  },
  exportUserReport: {
    tags,
    summary: 'Export the User view as CSV',
    ...csvExportDocs('report-users', "Every row of the User view in the caller's scope, in its order."),
  },
  exportJobReport: {
    tags,
    summary: 'Export the Job view as CSV',
    ...csvExportDocs(
      'report-jobs',
      "Every job of the Job view in the caller's scope, narrowed like it to a `userId` and/or a " +
        '`machineName`, newest start first.',
    ),
    refusals: exportRefusals,
  },
  exportMailboxReport: {
    tags,
    summary: "Export a job's mailboxes as CSV",
    ...csvExportDocs(
      'report-mailboxes',
      "Every mailbox of the job (in the caller's scope), newest start first; with `onlyIncomplete=true`, " +
        'only those whose verdict is Incomplete. Each row has its verdict and consistency score (decision 044).',
    ),
    refusals: exportRefusals,
  },
  exportFolderReport: {
    tags,
    summary: "Export a mailbox's folders as CSV",
    ...csvExportDocs(
      'report-folders',
      "Every folder of the mailbox (its job in the caller's scope), in its order; with `onlyIncomplete=true`, " +
        'only the incomplete ones. Each row has its source and destination counts, skipped items and verdict.',
    ),
    refusals: exportRefusals,
  },
  acceptMailboxSkips: {
    tags,
    summary: "Accept a mailbox's skipped items",
    description:
      'An Admin accepts every item the mailbox skipped (too large, corrupt, policy filtered, unsupported type, ' +
      'other): a mailbox that ended with no failed or missing item becomes "Complete with accepted skips". ' +
      'Audited (`mailbox.skips.accept`). Repeating it answers the same with `changed: false` and writes nothing.',
    refusals: {
      404: "No such mailbox in the Admin's scope.",
      409: 'The mailbox has no skipped items to accept, or is still in progress.',
    },
  },
} satisfies Record<string, RouteDocs>;
