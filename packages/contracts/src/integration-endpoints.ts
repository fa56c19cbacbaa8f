import { z } from 'zod';
import {
  apiKeyListQuerySchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from './api-keys';
import { alertSettingsSchema, updateAlertSettingsSchema } from './alerts';
import { auditEventSchema, auditListQuerySchema } from './audit';
import type { Endpoint } from './endpoint';
import { envelope, pagedEnvelope } from './envelope';
import { forecastOptionsSchema, forecastRequestSchema, forecastResultSchema } from './forecast';
import { ssoSettingsRequestSchema, ssoSettingsSchema, ssoTestRequestSchema, ssoTestResultSchema } from './sso';
import { ROUTES } from './routes';
import {
  createWebhookSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookParamsSchema,
  webhookSchema,
  webhookSecretSchema,
} from './webhooks';

/**
 * What the Settings screens for integrations (API keys, webhooks, sign-in with SSO, alerts), the
 * Audit Trail and the forecast call: lazy screens only, spread into LAZY_ENDPOINTS.
 */
export const SETTINGS_ENDPOINTS = {
  forecastOptions: { ...ROUTES.forecastOptions, response: envelope(forecastOptionsSchema) },
  forecast: { ...ROUTES.forecast, body: forecastRequestSchema, response: envelope(forecastResultSchema) },

  audit: { ...ROUTES.audit, query: auditListQuerySchema, response: pagedEnvelope(auditEventSchema) },
  /** Answers the CSV itself (text/csv, streamed), not JSON. */
  exportAudit: { ...ROUTES.exportAudit, query: auditListQuerySchema.omit({ pageNumber: true, pageSize: true }) },

  alertSettings: { ...ROUTES.alertSettings, response: envelope(alertSettingsSchema) },
  updateAlertSettings: {
    ...ROUTES.updateAlertSettings,
    body: updateAlertSettingsSchema,
    response: envelope(alertSettingsSchema),
  },
  apiKeys: { ...ROUTES.apiKeys, query: apiKeyListQuerySchema, response: pagedEnvelope(apiKeySchema) },
  createApiKey: { ...ROUTES.createApiKey, body: createApiKeySchema, response: envelope(createdApiKeySchema) },
  revokeApiKey: { ...ROUTES.revokeApiKey, params: apiKeyParamsSchema, response: envelope(apiKeySchema) },

  webhooks: { ...ROUTES.webhooks, response: envelope(z.array(webhookSchema)) },
  createWebhook: { ...ROUTES.createWebhook, body: createWebhookSchema, response: envelope(webhookSecretSchema) },
  deleteWebhook: { ...ROUTES.deleteWebhook, params: webhookParamsSchema, response: envelope(webhookSchema) },
  testWebhook: { ...ROUTES.testWebhook, params: webhookParamsSchema, response: envelope(webhookDeliverySchema) },
  rotateWebhookSecret: {
    ...ROUTES.rotateWebhookSecret,
    params: webhookParamsSchema,
    response: envelope(webhookSecretSchema),
  },
  enableWebhook: { ...ROUTES.enableWebhook, params: webhookParamsSchema, response: envelope(webhookSchema) },
  webhookDeliveries: {
    ...ROUTES.webhookDeliveries,
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    response: pagedEnvelope(webhookDeliverySchema),
  },
  resendWebhookDelivery: {
    ...ROUTES.resendWebhookDelivery,
    params: webhookDeliveryParamsSchema,
    response: envelope(webhookDeliverySchema),
  },

  ssoSettings: { ...ROUTES.ssoSettings, response: envelope(ssoSettingsSchema) },
  updateSsoSettings: {
    ...ROUTES.updateSsoSettings,
    body: ssoSettingsRequestSchema,
    response: envelope(ssoSettingsSchema),
  },
  testSso: { ...ROUTES.testSso, body: ssoTestRequestSchema, response: envelope(ssoTestResultSchema) },
} as const satisfies Record<string, Endpoint>;
