import { z } from 'zod';

/** Every role an account can hold. SuperAdmin belongs to the provider's staff only. */
export const ROLES = ['SuperAdmin', 'Admin', 'Auditor', 'User'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Roles an Admin may grant when editing a child (Edit User). */
export const ASSIGNABLE_ROLES = ['User', 'Admin', 'Auditor'] as const satisfies readonly Role[];
/** Roles offered when creating a child (Create User). */
export const CREATABLE_ROLES = ['Admin', 'User'] as const satisfies readonly Role[];
