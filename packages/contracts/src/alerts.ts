import { z } from 'zod';
import { inputObject, text } from './fields';

/** The expiry window an Admin may choose, in days (decision 027). */
export const EXPIRY_WINDOW_MIN_DAYS = 1;
export const EXPIRY_WINDOW_MAX_DAYS = 365;
/** A threshold above this is surely a typo: no organisation holds a million units of one product. */
export const THRESHOLD_MAX = 1_000_000;

export const ALERT_MSG = {
  windowNumber: 'Enter the number of days, from 1 to 365',
  windowWhole: 'The expiry window must be a whole number of days',
  windowRange: 'The expiry window must be from 1 to 365 days',
  thresholdNumber: 'Enter a number of units, 0 or more',
  thresholdWhole: 'A threshold must be a whole number',
  thresholdMin: 'A threshold must be 0 or more',
  thresholdMax: 'A threshold must be at most 1,000,000',
  productRepeated: 'Each product can have one threshold only',
  productUnknown: 'Unknown product',
} as const;

/** One product's threshold as GET answers it: every product of the catalogue, 0 when none is set. */
export const productThresholdSchema = z.object({
  productCode: z.string(),
  productName: z.string(),
  /** An alert when the available units of the product in the Admin's pools fall under it; 0 means none. */
  threshold: z.number().int(),
});
export type ProductThreshold = z.infer<typeof productThresholdSchema>;

/** `GET /Alerts/settings`: the signed-in Admin's alert settings. */
export const alertSettingsSchema = z.object({
  /** Lots expiring within this many days are announced. */
  expiryWindowDays: z.number().int(),
  /** True when the Admin never saved one: the window is the server's default. */
  expiryWindowIsDefault: z.boolean(),
  thresholds: z.array(productThresholdSchema),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

const wholeDays = z
  .number({ error: ALERT_MSG.windowNumber })
  .int(ALERT_MSG.windowWhole)
  .min(EXPIRY_WINDOW_MIN_DAYS, ALERT_MSG.windowRange)
  .max(EXPIRY_WINDOW_MAX_DAYS, ALERT_MSG.windowRange);

const threshold = z
  .number({ error: ALERT_MSG.thresholdNumber })
  .int(ALERT_MSG.thresholdWhole)
  .min(0, ALERT_MSG.thresholdMin)
  .max(THRESHOLD_MAX, ALERT_MSG.thresholdMax);

/**
 * `PUT /Alerts/settings`: the whole settings at once. Products left out, or at 0, have no
 * threshold; each product may appear once, and must be in the catalogue (checked by the server).
 */
export const updateAlertSettingsSchema = inputObject({
  expiryWindowDays: wholeDays,
  thresholds: z
    .array(
      inputObject({
        productCode: text().trim().min(1, 'Product code is required').max(32),
        threshold,
      }),
    )
    .max(200)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (seen.has(row.productCode)) {
          ctx.addIssue({ code: 'custom', message: ALERT_MSG.productRepeated, path: [index, 'productCode'] });
        }
        seen.add(row.productCode);
      });
    }),
});
export type UpdateAlertSettings = z.infer<typeof updateAlertSettingsSchema>;
