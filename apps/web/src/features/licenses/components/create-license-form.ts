import {
  CREATE_USAGE_TYPES,
  createLicenseSchema,
  DURATION_TYPES,
  USAGE_TYPES,
  type DurationType,
  type UsageType,
} from '@portal/contracts/licenses';
import { z } from 'zod';

/** Date pickers refuse days before this (spec section 7); the contract refuses them too. */
export const EARLIEST_DAY = '1900-01-01';

/** What the form holds: text as the inputs give it (dates as yyyy-MM-dd, numbers as typed). */
export type CreateLicenseFormValues = {
  productCode: string;
  licenseTypeName: string;
  durationType: DurationType;
  usageType: UsageType;
  customerEmail: string;
  customerName: string;
  startDate: string;
  expiryDate: string;
  duration: string;
  totalCount: string;
  floatingTimeLimit: string;
  orderId: string;
};

/** The usage type that goes with a duration type (spec: NodeLockedForever is perpetual, NodeLocked fixed). */
export function usageTypeFor(durationType: DurationType): (typeof CREATE_USAGE_TYPES)[number] {
  return durationType === 'Perpetual' ? 'NodeLockedForever' : 'NodeLocked';
}

/** A day of a date input as the ISO string the API takes (midnight UTC); none when empty. */
export function isoOfDay(day: string): string | undefined {
  return day.trim() ? `${day.trim()}T00:00:00.000Z` : undefined;
}

function numberOf(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

type CreateLicenseBody = z.input<typeof createLicenseSchema>;

/**
 * The request body the form's values stand for; a Perpetual lot sends no expiry or duration. An
 * empty required field stays undefined, for the contract to refuse with that field's message.
 */
export function toCreateLicenseBody(values: CreateLicenseFormValues): CreateLicenseBody {
  const fixed = values.durationType === 'Fixed';
  return {
    productCode: values.productCode,
    licenseTypeName: values.licenseTypeName,
    durationType: values.durationType,
    usageType: values.usageType,
    customerEmail: values.customerEmail,
    customerName: values.customerName,
    startDate: isoOfDay(values.startDate),
    expiryDate: fixed ? isoOfDay(values.expiryDate) : undefined,
    duration: fixed ? numberOf(values.duration) : undefined,
    // An empty count is no count at all: the contract's own 'Total count must be at least 1' says so.
    totalCount: numberOf(values.totalCount) ?? 0,
    floatingTimeLimit: numberOf(values.floatingTimeLimit),
    orderId: values.orderId.trim() || undefined,
  } as CreateLicenseBody;
}

/**
 * The form's check: its text turned into the request body, then the contract's own
 * createLicenseSchema, so the dialog and the server refuse the same things with the same
 * messages. Field names match the body's, so every message lands on its field.
 */
export const createLicenseFormSchema = z
  .object({
    productCode: z.string(),
    licenseTypeName: z.string(),
    durationType: z.enum(DURATION_TYPES),
    usageType: z.enum(USAGE_TYPES),
    customerEmail: z.string(),
    customerName: z.string(),
    startDate: z.string(),
    expiryDate: z.string(),
    duration: z.string(),
    totalCount: z.string(),
    floatingTimeLimit: z.string(),
    orderId: z.string(),
  })
  .transform(toCreateLicenseBody)
  .pipe(createLicenseSchema);

/** Today as a date input writes it (the viewer's calendar day). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function emptyCreateLicenseForm(): CreateLicenseFormValues {
  return {
    productCode: '',
    licenseTypeName: '',
    durationType: 'Perpetual',
    usageType: usageTypeFor('Perpetual'),
    customerEmail: '',
    customerName: '',
    startDate: today(),
    expiryDate: '',
    duration: '',
    totalCount: '',
    floatingTimeLimit: '',
    orderId: '',
  };
}
