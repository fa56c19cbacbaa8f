import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { envelope, pagedEnvelope } from './envelope';
import {
  allocationFlagsQuerySchema,
  allocationHierarchySchema,
  allocationRequestSchema,
  allocationResultSchema,
  availableSummaryItemSchema,
  childSummaryParamsSchema,
  createdLicenseSchema,
  createLicenseSchema,
  dashboardExportQuerySchema,
  issuableLotSchema,
  licenseListQuerySchema,
  licenseMovementSchema,
  licenseSchema,
  movementListQuerySchema,
  myAllocationGroupSchema,
  mySummaryQuerySchema,
  poolSummaryQuerySchema,
  poolSummarySchema,
  productSchema,
  usageReportQuerySchema,
  usageReportRowSchema,
  userSummarySchema,
} from './licenses';
import { consumptionQuerySchema, consumptionSeriesSchema } from './charts';
import { ROUTES } from './routes';
import { TRACE_ENDPOINTS } from './trace';

/**
 * The endpoints of licenses, stock and movements: the dashboard's hierarchy, the Licenses list and
 * Create License, allocate and revoke, the movements and the usage report. Part of ENDPOINTS
 * (endpoints.ts), which holds every endpoint of the API.
 */
export const LICENSE_ENDPOINTS = {
  allocationHierarchy: { ...ROUTES.allocationHierarchy, response: envelope(allocationHierarchySchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportDashboard: { ...ROUTES.exportDashboard, query: dashboardExportQuerySchema },

  licenses: { ...ROUTES.licenses, query: licenseListQuerySchema, response: pagedEnvelope(licenseSchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportLicenses: {
    ...ROUTES.exportLicenses,
    query: licenseListQuerySchema.omit({ pageNumber: true, pageSize: true }),
  },
  createLicense: { ...ROUTES.createLicense, body: createLicenseSchema, response: envelope(createdLicenseSchema) },
  issuableLicenses: { ...ROUTES.issuableLicenses, response: envelope(z.array(issuableLotSchema)) },
  products: { ...ROUTES.products, response: envelope(z.array(productSchema)) },

  availableSummary: { ...ROUTES.availableSummary, response: envelope(z.array(availableSummaryItemSchema)) },
  mySummary: { ...ROUTES.mySummary, query: mySummaryQuerySchema, response: pagedEnvelope(myAllocationGroupSchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportMySummary: {
    ...ROUTES.exportMySummary,
    query: mySummaryQuerySchema.omit({ fetchType: true, pageNumber: true, pageSize: true }),
  },
  childSummary: { ...ROUTES.childSummary, params: childSummaryParamsSchema, response: envelope(userSummarySchema) },
  poolSummary: { ...ROUTES.poolSummary, query: poolSummaryQuerySchema, response: envelope(z.array(poolSummarySchema)) },
  allocate: {
    ...ROUTES.allocate,
    query: allocationFlagsQuerySchema,
    body: allocationRequestSchema,
    response: envelope(allocationResultSchema),
  },
  revoke: {
    ...ROUTES.revoke,
    query: allocationFlagsQuerySchema,
    body: allocationRequestSchema,
    response: envelope(allocationResultSchema),
  },

  movements: { ...ROUTES.movements, query: movementListQuerySchema, response: pagedEnvelope(licenseMovementSchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportMovements: {
    ...ROUTES.exportMovements,
    query: movementListQuerySchema.omit({ pageNumber: true, pageSize: true }),
  },
  consumption: { ...ROUTES.consumption, query: consumptionQuerySchema, response: envelope(consumptionSeriesSchema) },
  usageReport: { ...ROUTES.usageReport, query: usageReportQuerySchema, response: pagedEnvelope(usageReportRowSchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportUsageReport: {
    ...ROUTES.exportUsageReport,
    query: usageReportQuerySchema.omit({ pageNumber: true, pageSize: true }),
  },
  // The license trace (decision 046): a mailbox's movements, a lot's consumption.
  ...TRACE_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;
