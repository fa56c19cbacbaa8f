import { jobTimelineParamsSchema, jobTimelineSchema } from './charts';
import type { Endpoint } from './endpoint';
import { envelope } from './envelope';
import {
  jobPdfParamsSchema,
  jobPdfQuerySchema,
  jobReportExportQuerySchema,
  reportRequestSchema,
  reportResultSchema,
} from './reports';
import { ROUTES } from './routes';

/**
 * The migration reports' views, their PDF, timeline and exports: only the lazy report screens call
 * them, so the shell does not carry these schemas (decision 021). Spread into LAZY_ENDPOINTS.
 */
export const REPORT_ENDPOINTS = {
  report: { ...ROUTES.report, body: reportRequestSchema, response: envelope(reportResultSchema) },
  /** Answers the PDF itself (application/pdf, streamed), not JSON. */
  jobReportPdf: { ...ROUTES.jobReportPdf, params: jobPdfParamsSchema, query: jobPdfQuerySchema },
  jobTimeline: { ...ROUTES.jobTimeline, params: jobTimelineParamsSchema, response: envelope(jobTimelineSchema) },
  /** The five report views as CSV (text/csv, streamed), not JSON: every row, no paging. */
  exportMachineReport: { ...ROUTES.exportMachineReport },
  exportUserReport: { ...ROUTES.exportUserReport },
  exportJobReport: { ...ROUTES.exportJobReport, query: jobReportExportQuerySchema },
} as const satisfies Record<string, Endpoint>;
