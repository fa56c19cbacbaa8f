import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import {
  CREATE_USAGE_TYPES,
  type CreateLicenseInput,
  type DurationType,
  type IssuableLot,
} from '@portal/contracts/licenses';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldError, type Resolver, type UseFormReturn, useWatch } from 'react-hook-form';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { NOTICE_DURATION_MS } from '@/lib/handle-server-error';
import { CREATE_LICENSE_FIELDS, useCreateLicense } from '../api/create-license';
import { issuableLotsQueryOptions, useIssuableLots } from '../api/get-issuable-lots';
import { useProducts } from '../api/get-products';
import {
  createLicenseFormSchema,
  dayOfIso,
  EARLIEST_DAY,
  emptyCreateLicenseForm,
  lotIssues,
  startWithin,
  usageTypeFor,
  type CreateLicenseFormValues,
} from './create-license-form';

export type CreateLicenseForm = UseFormReturn<CreateLicenseFormValues, unknown, CreateLicenseInput>;

const contractResolver = zodResolver(createLicenseFormSchema);

/**
 * An Admin's check: the contract's, plus what the chosen held lot allows (lotIssues), every message
 * under its field at once; a valid body starts no earlier than the lot.
 */
type CreateLicenseResolver = Resolver<CreateLicenseFormValues, unknown, CreateLicenseInput>;

function heldLotResolver(lots: () => readonly IssuableLot[]): CreateLicenseResolver {
  return async (values, context, options) => {
    const checked = await contractResolver(values, context, options);
    const lot = lots().find((candidate) => candidate.licenseId === values.sourceLicenseId);
    const issues = lotIssues(values, lot);
    if (issues.length === 0) {
      if (Object.keys(checked.errors).length > 0) return checked;
      const body = checked.values as CreateLicenseInput;
      return { values: startWithin(body, lot), errors: {} };
    }
    const errors: Partial<Record<keyof CreateLicenseFormValues, FieldError>> = { ...checked.errors };
    for (const issue of issues) errors[issue.field] ??= { type: 'custom', message: issue.message };
    return { values: {}, errors };
  };
}

/** The sign-in notice for a customer this call created: it is never created silently. */
function customerNotice(email: string, underCaller: boolean): string {
  return underCaller
    ? t`A customer account for ${email} was created under your account: it is mailed a link to confirm its address, then its sign-in details.`
    : t`A customer account for ${email} was created: it is mailed a link to confirm its address, then its sign-in details.`;
}

type CreateLicenseFormOptions = {
  onOpenChange: (open: boolean) => void;
  /** An Admin: the new lot is drawn from a lot it holds (decision 029), not created from nothing. */
  issuesFromOwnStock: boolean;
};

/**
 * The Create License form: checked with the contract's createLicenseSchema (and, for an Admin, the
 * held lot); the server's field errors land on the fields and its refusals (409) show once, in the
 * dialog; a success says so, and whether a customer account was created.
 */
export function useCreateLicenseForm({ onOpenChange, issuesFromOwnStock }: CreateLicenseFormOptions) {
  const create = useCreateLicense();
  const queryClient = useQueryClient();
  // The resolver reads the held lots when it runs (at submit), from the query's cache.
  const [resolver] = useState(() =>
    issuesFromOwnStock
      ? heldLotResolver(() => queryClient.getQueryData(issuableLotsQueryOptions.queryKey) ?? [])
      : contractResolver,
  );
  const dialog = useDialogForm({
    resolver,
    defaultValues: emptyCreateLicenseForm(),
    send: async (body: CreateLicenseInput) => {
      dialog.form.clearErrors('root');
      try {
        return { result: await create.mutateAsync(body), email: body.customerEmail };
      } catch (error) {
        // A refusal (a customer out of reach, more than the lot holds): said once, here, unless it
        // lands under a field of the form.
        const underField = Object.keys(serverFieldErrors(error, CREATE_LICENSE_FIELDS)).length > 0;
        if (error instanceof ApiError && error.status === 409 && !underField) {
          dialog.form.setError('root.server', { type: 'server', message: error.message });
        }
        throw error;
      }
    },
    fields: CREATE_LICENSE_FIELDS,
    onOpenChange,
    onSent: ({ result, email }) => {
      toast({
        title: result.message ?? t`License created successfully`,
        description: result.data.customerCreated ? customerNotice(email, issuesFromOwnStock) : undefined,
        duration: NOTICE_DURATION_MS,
      });
    },
  });
  return dialog;
}

/** A held lot chosen: the new lot's product, edition, usage and duration types are the lot's. */
function applyLot(form: CreateLicenseForm, licenseId: string, next: IssuableLot) {
  const options = { shouldDirty: true };
  form.setValue('sourceLicenseId', licenseId, options);
  form.setValue('productCode', next.productCode, options);
  form.setValue('licenseTypeName', next.edition, options);
  form.setValue('usageType', next.usageType, options);
  form.setValue('durationType', next.durationType, options);
  if (next.durationType === 'Perpetual') {
    form.setValue('expiryDate', '');
    form.setValue('duration', '');
  }
  if (form.getValues('startDate') < dayOfIso(next.startDate)) form.setValue('startDate', dayOfIso(next.startDate));
  if (form.formState.isSubmitted) void form.trigger();
}

function applyDurationType(form: CreateLicenseForm, next: DurationType) {
  form.setValue('durationType', next, { shouldDirty: true });
  form.setValue('usageType', usageTypeFor(next), { shouldDirty: true });
  if (next === 'Perpetual') {
    form.setValue('expiryDate', '');
    form.setValue('duration', '');
  }
}

/**
 * What the form offers and follows: the products, the held lots (an Admin's), the chosen product
 * and lot, the days a date may take, and what choosing a lot, a product or a duration type sets.
 */
export function useLicenseChoices(form: CreateLicenseForm, open: boolean, issuesFromOwnStock: boolean) {
  const products = useProducts({ enabled: open });
  // The dialog offers the usage types docs/product.md lists; the API also issues from Pay-Per-Use lots.
  const held = useIssuableLots({ enabled: open && issuesFromOwnStock });
  const lots = (held.data ?? []).filter((lot) => (CREATE_USAGE_TYPES as readonly string[]).includes(lot.usageType));
  const [productCode, durationType, sourceLicenseId] = useWatch({
    control: form.control,
    name: ['productCode', 'durationType', 'sourceLicenseId'],
  });
  const product = products.data?.find((candidate) => candidate.code === productCode);
  const lot = lots.find((candidate) => candidate.licenseId === sourceLicenseId);

  return {
    products,
    held,
    lots,
    product,
    lot,
    fixed: durationType === 'Fixed',
    startMin: lot && dayOfIso(lot.startDate) > EARLIEST_DAY ? dayOfIso(lot.startDate) : EARLIEST_DAY,
    expiryMax: lot?.expiryDate ? dayOfIso(lot.expiryDate) : '9999-12-31',
    chooseLot: (licenseId: string) => {
      const next = lots.find((candidate) => candidate.licenseId === licenseId);
      if (next) applyLot(form, licenseId, next);
    },
    chooseProduct: (code: string) => {
      const editions = products.data?.find((candidate) => candidate.code === code)?.editions ?? [];
      form.setValue('productCode', code, { shouldDirty: true });
      form.setValue('licenseTypeName', editions.length === 1 ? editions[0]! : '', { shouldDirty: true });
    },
    chooseDurationType: (next: DurationType) => applyDurationType(form, next),
  };
}

export type LicenseChoices = ReturnType<typeof useLicenseChoices>;
