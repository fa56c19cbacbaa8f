import { z } from 'zod';
import { emailField } from './auth';
import { idField, inputObject, text } from './fields';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, pageQuerySchema } from './envelope';
import { MSG } from './messages';
import { ASSIGNABLE_ROLES, CREATABLE_ROLES, roleSchema } from './roles';

/** A row of the Users screen (`GET User/child-accounts`); poolName null means Individual. */
export const childAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  roles: z.array(roleSchema),
  poolId: z.string().nullable(),
  poolName: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ChildAccount = z.infer<typeof childAccountSchema>;

/** Optional server paging of the child accounts; without it the whole list (capped) comes back. */
export const childAccountsQuerySchema = inputObject({
  pageNumber: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  search: text().trim().max(200).optional(),
  /** Only the accounts that may join this shared pool: children of its owner, not yet members. */
  eligibleForPoolId: idField.optional(),
});

/** A row of the SuperAdmin's accounts list (`GET User/accounts`). */
export const accountUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  roles: z.array(roleSchema),
  createdAt: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** What the accounts list sorts by; ties break on the id, so pages never overlap. */
export const ACCOUNT_SORT_KEYS = ['name', 'email', 'active'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];

/** `GET User/accounts`: paged, filtered and sorted on the server (10 to 50 rows a page). */
export const allAccountsQuerySchema = pageQuerySchema.extend({
  /** Name, email or a role contains it, ignoring case. */
  search: text().trim().max(200).optional(),
  sortBy: z.enum(ACCOUNT_SORT_KEYS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type AllAccountsQuery = z.input<typeof allAccountsQuerySchema>;

/** What a create call answers: the new row's id and name. */
export const createdSchema = z.object({ id: z.string(), name: z.string() });
export type Created = z.infer<typeof createdSchema>;

export const accountRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AccountRef = z.infer<typeof accountRefSchema>;

/** The longest account name (the forms count towards it as one types). */
export const ACCOUNT_NAME_MAX_LENGTH = 100;

export const nameField = text({ error: MSG.nameRequired })
  .trim()
  .min(1, MSG.nameRequired)
  .max(ACCOUNT_NAME_MAX_LENGTH, `Name must not be longer than ${ACCOUNT_NAME_MAX_LENGTH} characters.`);

/** The Create User dialog: '[Individual]' sends no licensePoolId. */
export const createChildAccountSchema = inputObject({
  name: nameField,
  email: emailField,
  roles: z.enum(CREATABLE_ROLES).default('User'),
  licensePoolId: idField.optional(),
});
export type CreateChildAccountRequest = z.input<typeof createChildAccountSchema>;

export const updatePoolSchema = inputObject({ userId: idField, licensePoolId: idField.nullable() });
export type UpdatePoolRequest = z.input<typeof updatePoolSchema>;

export const updateRolesSchema = inputObject({
  userId: idField,
  roles: z
    .array(z.enum(ASSIGNABLE_ROLES, { message: 'Roles must be User, Admin or Auditor.' }))
    .min(1, 'Choose at least one role.')
    .max(3)
    .refine((roles) => new Set(roles).size === roles.length, 'Each role can be chosen once.'),
});

export type UpdateRolesRequest = z.input<typeof updateRolesSchema>;

export const toggleChildStatusSchema = inputObject({ childId: idField, active: z.boolean() });
export type ToggleChildStatusRequest = z.input<typeof toggleChildStatusSchema>;

export const setChildPasswordSchema = inputObject({
  childId: idField,
  newPassword: text().max(1024).optional(),
  forcePasswordChangeOnLogin: z.boolean().default(true),
  generateSystemPassword: z.boolean().default(false),
}).refine((v) => v.generateSystemPassword || (v.newPassword ?? '').length > 0, {
  message: MSG.newPasswordRequired,
  path: ['newPassword'],
});

export type SetChildPasswordRequest = z.input<typeof setChildPasswordSchema>;

/** Transfer Account: both the new email and the new account name are required. */
export const updateEmailSchema = inputObject({ userId: idField, newEmail: emailField, newAccountName: nameField });
export type UpdateEmailRequest = z.input<typeof updateEmailSchema>;
