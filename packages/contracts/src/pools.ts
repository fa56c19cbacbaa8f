import { z } from 'zod';
import { pageNumberField, pageSizeField } from './envelope';
import { idField, inputObject, searchField, text } from './fields';
import { groupedLicenseSchema } from './licenses';
import { MSG } from './messages';

/** A pool as listed (`GET /LicensePool`); 'Default' is shown as Individual. */
export const poolSchema = z.object({
  id: z.string(),
  name: z.string(),
  poolType: z.enum(['Default', 'Pool']),
  description: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  userCount: z.number().int(),
  createdAt: z.string(),
  groupedLicenses: z.array(groupedLicenseSchema),
});
export type Pool = z.infer<typeof poolSchema>;

export const poolListQuerySchema = inputObject({
  poolType: z.enum(['Default', 'Pool']).optional(),
  /** Matches the pool's name or description. */
  search: searchField,
  pageNumber: pageNumberField,
  pageSize: pageSizeField(2000, 50),
});

/** The longest pool name and description (the forms count towards them as one types). */
export const POOL_NAME_MAX_LENGTH = 100;
export const POOL_DESCRIPTION_MAX_LENGTH = 500;

export const createPoolSchema = inputObject({
  name: text({ error: MSG.nameRequired })
    .trim()
    .min(1, MSG.nameRequired)
    .max(POOL_NAME_MAX_LENGTH, `Name must not be longer than ${POOL_NAME_MAX_LENGTH} characters.`),
  description: text({ error: MSG.descriptionRequired })
    .trim()
    .min(1, MSG.descriptionRequired)
    .max(POOL_DESCRIPTION_MAX_LENGTH, `Description must not be longer than ${POOL_DESCRIPTION_MAX_LENGTH} characters.`),
});

const ids = z.array(idField).max(2500);

/** `POST LicensePool/manage-accounts`: moves accounts in and out of one pool, in one transaction. */
export const manageAccountsSchema = inputObject({
  poolId: idField,
  addUserIds: ids.default([]),
  removeUserIds: ids.default([]),
  allowPartialAssignment: z.boolean().default(false),
});

export const manageAccountsResultSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  refused: z.array(z.object({ userId: z.string(), reason: z.string() })),
  /** The added accounts that were in another shared pool, which they left. */
  moved: z.array(z.object({ userId: z.string(), fromPoolId: z.string(), fromPoolName: z.string() })),
});
export type ManageAccountsResult = z.infer<typeof manageAccountsResultSchema>;
