import { t } from '@lingui/core/macro';
import { formatIsoDay } from '@portal/contracts/dates';
import {
  CREATE_USAGE_TYPES,
  createLicenseSchema,
  DURATION_TYPES,
  USAGE_TYPES,
  type DurationType,
  type IssuableLot,
  type UsageType,
} from '@portal/contracts/licenses';
import { z } from 'zod';
import { usageLabel } from '@/lib/license-format';

/** Date pickers refuse days before this (docs/product.md); the contract refuses them too. */
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
  /** An Admin's: the held lot the new lot is drawn from (decision 029); empty for a SuperAdmin. */
  sourceLicenseId: string;
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
    sourceLicenseId: values.sourceLicenseId || undefined,
  } as CreateLicenseBody;
}

/**
 * The form's check: its text turned into the request body, then the contract's own
 * createLicenseSchema, so the dialog and the server refuse the same things with the same
 * messages. Field names match the body's, so every message lands on its field.
 */
const formObject = z.object({
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
  sourceLicenseId: z.string(),
});

export const createLicenseFormSchema = formObject.transform(toCreateLicenseBody).pipe(createLicenseSchema);

const DAY_MS = 86_400_000;

/** The UTC day of an instant as a date input writes it: the bound the held lot sets on a date input. */
export const dayOfIso = (iso: string) => iso.slice(0, 10);

/**
 * A held lot's day as its limits and the server's messages give it: the UTC day (dd/MM/yyyy), not
 * the viewer's, so the text says the day the date inputs' min/max allow.
 */
const lotDay = (iso: string) => formatIsoDay(dayOfIso(iso));

/** The Issue from option of a held lot: 'Mailbox Migration (Standard) · Node-Locked · 166 available · until 20/11/2027'. */
export function lotLabel(lot: IssuableLot): string {
  const { productName, edition, available } = lot;
  const usage = usageLabel(lot.usageType);
  const expiry = lot.expiryDate ? lotDay(lot.expiryDate) : null;
  return expiry
    ? t`${productName} (${edition}) · ${usage} · ${available} available · until ${expiry}`
    : t`${productName} (${edition}) · ${usage} · ${available} available · no expiry`;
}

/** What the chosen lot allows, said before submit: 'You can issue up to 166, until 20/11/2027'. */
export function lotBounds(lot: IssuableLot): string {
  const { available } = lot;
  const expiry = lot.expiryDate ? lotDay(lot.expiryDate) : null;
  return expiry
    ? t`You can issue up to ${available}, until ${expiry}`
    : t`You can issue up to ${available}, with no expiry`;
}

/** The server's refusals of what the held lot does not allow (decision 029), said before sending in the language shown. */
export const LOT_MSG = {
  sourceRequired: () => t`Choose the lot to issue from`,
  atMost: (n: number) => t`You can issue at most ${n} of this lot.`,
  startsOn: (lot: IssuableLot) => {
    const start = lotDay(lot.startDate);
    return t`This lot starts on ${start}: choose a start date on or after it.`;
  },
  expiresOn: (lot: IssuableLot) => {
    const expiry = lot.expiryDate ? lotDay(lot.expiryDate) : '—';
    return t`This lot expires on ${expiry}: choose an expiry on or before it.`;
  },
};

/**
 * An Admin's form (decision 029): what the chosen held lot allows, checked as the server does and
 * with its messages, so the dialog says it before anything is sent. Empty when all fits.
 */
export function lotIssues(
  values: CreateLicenseFormValues,
  lot: IssuableLot | undefined,
): { field: keyof CreateLicenseFormValues; message: string }[] {
  if (!lot) return [{ field: 'sourceLicenseId', message: LOT_MSG.sourceRequired() }];
  const issues: { field: keyof CreateLicenseFormValues; message: string }[] = [];
  const count = Number(values.totalCount);
  if (values.totalCount.trim() && count > lot.available)
    issues.push({ field: 'totalCount', message: LOT_MSG.atMost(lot.available) });
  const start = isoOfDay(values.startDate);
  if (start && values.startDate < dayOfIso(lot.startDate))
    issues.push({ field: 'startDate', message: LOT_MSG.startsOn(lot) });
  if (!lot.expiryDate || values.durationType !== 'Fixed' || !start) return issues;
  const typed = isoOfDay(values.expiryDate);
  const days = Number(values.duration);
  const end = typed
    ? Date.parse(typed)
    : values.duration.trim() && Number.isInteger(days)
      ? Date.parse(start) + days * DAY_MS
      : null;
  if (end !== null && end > Date.parse(lot.expiryDate))
    issues.push({ field: typed ? 'expiryDate' : 'duration', message: LOT_MSG.expiresOn(lot) });
  return issues;
}

/** A start on the lot's own first day is not before it: midnight of that day becomes the lot's start. */
export function startWithin<T extends { startDate: string }>(body: T, lot: IssuableLot | undefined): T {
  return lot && Date.parse(body.startDate) < Date.parse(lot.startDate) ? { ...body, startDate: lot.startDate } : body;
}

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
    sourceLicenseId: '',
  };
}
