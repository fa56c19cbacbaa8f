import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { inputObject, searchField } from './fields';

export const MOVEMENT_ACTIONS = ['Issue', 'Allocate', 'Revoke', 'Reserve', 'Consume', 'Release'] as const;
export type MovementAction = (typeof MOVEMENT_ACTIONS)[number];

/** One row of the License Movement list; quantityChange is signed (the screen shows its size). */
export const licenseMovementSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  productName: z.string(),
  quantityChange: z.number().int(),
  action: z.enum(MOVEMENT_ACTIONS),
  sourcePoolName: z.string().nullable(),
  targetName: z.string(),
  targetType: z.enum(['User', 'Pool', 'Mailbox', 'Machine']),
  /** Who made the change (name and email), null for the system. */
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The API key the change was made through (the migration agent's), or null. */
  apiKeyName: z.string().nullable(),
  createdAt: z.string(),
});
export type LicenseMovement = z.infer<typeof licenseMovementSchema>;

/** `GET /LicenseMovement`: newest first, 100 to 500 a page. */
export const movementListQuerySchema = inputObject({
  pageNumber: pageNumberField,
  pageSize: pageSizeField(500, 100),
  search: searchField,
  action: z.enum(MOVEMENT_ACTIONS).optional(),
});
