import { mailboxParamsSchema } from './agent';
import { acceptedSkipsSchema } from './completeness';
import type { Endpoint } from './endpoint';
import { envelope } from './envelope';
import { drillDownExportQuerySchema, jobPdfParamsSchema, jobPdfQuerySchema, mailboxPdfParamsSchema } from './reports';
import { ROUTES } from './routes';

/** The completeness endpoints (decision 044) and the one-mailbox report, spread into ENDPOINTS. */
export const COMPLETENESS_ENDPOINTS = {
  /** A job's mailboxes and a mailbox's folders as CSV, with the views' "Only incomplete" filter. */
  exportMailboxReport: { ...ROUTES.exportMailboxReport, params: jobPdfParamsSchema, query: drillDownExportQuerySchema },
  exportFolderReport: { ...ROUTES.exportFolderReport, params: mailboxParamsSchema, query: drillDownExportQuerySchema },
  /** One mailbox's report as a PDF (application/pdf, streamed) in the job report's layout, not JSON. */
  mailboxReportPdf: { ...ROUTES.mailboxReportPdf, params: mailboxPdfParamsSchema, query: jobPdfQuerySchema },
  /** An Admin accepts a mailbox's skipped items; no body. */
  acceptMailboxSkips: {
    ...ROUTES.acceptMailboxSkips,
    params: mailboxParamsSchema,
    response: envelope(acceptedSkipsSchema),
  },
} as const satisfies Record<string, Endpoint>;
