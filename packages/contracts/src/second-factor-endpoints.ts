import { z } from 'zod';
import {
  addPasskeyRequestSchema,
  mfaPolicyStatusSchema,
  mfaStatusSchema,
  passkeyAddedSchema,
  passkeyOptionsSchema,
  passkeyParamsSchema,
  passkeySchema,
  recoveryCodesSchema,
  renamePasskeyRequestSchema,
  setMfaPolicySchema,
  totpCodeRequestSchema,
  totpConfirmedSchema,
  totpRemoveRequestSchema,
  totpSetupSchema,
} from './mfa';
import type { Endpoint } from './endpoint';
import { envelope } from './envelope';
import { ROUTES } from './routes';

const done = envelope(z.null());

/**
 * The second factors of Settings → Two-factor, the MFA policy and the set-up a policy asks for at
 * sign-in: their dialogs load on demand, so the shell does not carry these schemas (decision 021).
 * Spread into LAZY_ENDPOINTS.
 */
export const SECOND_FACTOR_ENDPOINTS = {
  mfaStatus: { ...ROUTES.mfaStatus, response: envelope(mfaStatusSchema) },
  totpSetup: { ...ROUTES.totpSetup, response: envelope(totpSetupSchema) },
  totpConfirm: { ...ROUTES.totpConfirm, body: totpCodeRequestSchema, response: envelope(totpConfirmedSchema) },
  mfaPolicy: { ...ROUTES.mfaPolicy, response: envelope(mfaPolicyStatusSchema) },
  setMfaPolicy: { ...ROUTES.setMfaPolicy, body: setMfaPolicySchema, response: envelope(mfaPolicyStatusSchema) },
  totpRemove: { ...ROUTES.totpRemove, body: totpRemoveRequestSchema, response: done },
  recoveryCodesRenew: {
    ...ROUTES.recoveryCodesRenew,
    body: totpCodeRequestSchema,
    response: envelope(recoveryCodesSchema),
  },
  passkeyOptions: { ...ROUTES.passkeyOptions, response: envelope(passkeyOptionsSchema) },
  passkeyAdd: { ...ROUTES.passkeyAdd, body: addPasskeyRequestSchema, response: envelope(passkeyAddedSchema) },
  passkeyRename: {
    ...ROUTES.passkeyRename,
    params: passkeyParamsSchema,
    body: renamePasskeyRequestSchema,
    response: envelope(passkeySchema),
  },
  passkeyRemove: { ...ROUTES.passkeyRemove, params: passkeyParamsSchema, response: done },
} as const satisfies Record<string, Endpoint>;
