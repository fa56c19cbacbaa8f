import { usageTypeLabel } from '@portal/contracts/labels';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREATE_USAGE_TYPES,
  DURATION_TYPES,
  type CreateLicenseInput,
  type DurationType,
  type IssuableLot,
} from '@portal/contracts/licenses';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { Controller, type FieldError, type Resolver, useWatch } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
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
  lotBounds,
  lotIssues,
  lotLabel,
  startWithin,
  usageTypeFor,
  type CreateLicenseFormValues,
} from './create-license-form';

type CreateLicenseDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An Admin: the new lot is drawn from a lot it holds (decision 029), not created from nothing. */
  issuesFromOwnStock: boolean;
};

const FORM_ID = 'create-license-form';
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
    ? `A customer account for ${email} was created under your account: it is mailed a link to confirm its address, then its sign-in details.`
    : `A customer account for ${email} was created: it is mailed a link to confirm its address, then its sign-in details.`;
}

/**
 * docs/product.md, "Create-license payload": issues a lot to the customer's email (an account is
 * created and mailed when none has it). Checked with the contract's createLicenseSchema; the
 * server's field errors land on the fields and its refusals (409) show once, in the dialog.
 */
export function CreateLicenseDialog({ open, onOpenChange, issuesFromOwnStock }: CreateLicenseDialogProps) {
  const create = useCreateLicense();
  const products = useProducts({ enabled: open });
  // The dialog offers the usage types docs/product.md lists; the API also issues from Pay-Per-Use lots.
  const held = useIssuableLots({ enabled: open && issuesFromOwnStock });
  const lots = (held.data ?? []).filter((lot) => (CREATE_USAGE_TYPES as readonly string[]).includes(lot.usageType));
  const queryClient = useQueryClient();
  // The resolver reads the held lots when it runs (at submit), from the query's cache.
  const [resolver] = useState(() =>
    issuesFromOwnStock
      ? heldLotResolver(() => queryClient.getQueryData(issuableLotsQueryOptions.queryKey) ?? [])
      : contractResolver,
  );
  const { form, submit, changeOpen } = useDialogForm({
    resolver,
    defaultValues: emptyCreateLicenseForm(),
    send: async (body: CreateLicenseInput) => {
      form.clearErrors('root');
      try {
        return { result: await create.mutateAsync(body), email: body.customerEmail };
      } catch (error) {
        // A refusal (a customer out of reach, more than the lot holds): said once, here, unless it
        // lands under a field of the form.
        const underField = Object.keys(serverFieldErrors(error, CREATE_LICENSE_FIELDS)).length > 0;
        if (error instanceof ApiError && error.status === 409 && !underField) {
          form.setError('root.server', { type: 'server', message: error.message });
        }
        throw error;
      }
    },
    fields: CREATE_LICENSE_FIELDS,
    onOpenChange,
    onSent: ({ result, email }) => {
      toast({
        title: result.message ?? 'License created successfully',
        description: result.data.customerCreated ? customerNotice(email, issuesFromOwnStock) : undefined,
        duration: NOTICE_DURATION_MS,
      });
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [productCode, durationType, sourceLicenseId] = useWatch({
    control: form.control,
    name: ['productCode', 'durationType', 'sourceLicenseId'],
  });
  const product = products.data?.find((candidate) => candidate.code === productCode);
  const fixed = durationType === 'Fixed';
  const lot = lots.find((candidate) => candidate.licenseId === sourceLicenseId);
  // An Admin's product, edition and usage type are the held lot's (decision 029).
  const followsLot = issuesFromOwnStock;
  const startMin = lot && dayOfIso(lot.startDate) > EARLIEST_DAY ? dayOfIso(lot.startDate) : EARLIEST_DAY;
  const expiryMax = lot?.expiryDate ? dayOfIso(lot.expiryDate) : '9999-12-31';

  function chooseLot(licenseId: string) {
    const next = lots.find((candidate) => candidate.licenseId === licenseId);
    if (!next) return;
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

  function chooseProduct(code: string) {
    const editions = products.data?.find((candidate) => candidate.code === code)?.editions ?? [];
    form.setValue('productCode', code, { shouldDirty: true });
    form.setValue('licenseTypeName', editions.length === 1 ? editions[0]! : '', { shouldDirty: true });
  }

  function chooseDurationType(next: DurationType) {
    form.setValue('durationType', next, { shouldDirty: true });
    form.setValue('usageType', usageTypeFor(next), { shouldDirty: true });
    if (next === 'Perpetual') {
      form.setValue('expiryDate', '');
      form.setValue('duration', '');
    }
  }

  const text = (name: keyof CreateLicenseFormValues) => form.register(name);

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create License</DialogTitle>
          <DialogDescription>
            {issuesFromOwnStock
              ? 'The new lot is drawn from one of your lots and fits within it. An email without an account gets a customer account under yours, mailed its sign-in details.'
              : 'Issues a new lot to the customer. A customer without an account gets one, by email.'}
          </DialogDescription>
        </DialogHeader>
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          {issuesFromOwnStock && (
            <Controller
              control={form.control}
              name="sourceLicenseId"
              render={({ field }) => (
                <FormField
                  label="Issue from"
                  className="sm:col-span-2"
                  error={errors.sourceLicenseId?.message}
                  description={
                    <span aria-live="polite">
                      {held.isPending
                        ? 'Checking your stock...'
                        : held.isError
                          ? held.error.message
                          : lot
                            ? lotBounds(lot)
                            : lots.length === 0
                              ? 'You hold no licenses that can be issued now.'
                              : 'The lot the new license is drawn from.'}
                    </span>
                  }
                >
                  <ChoiceSelect
                    value={field.value}
                    onChange={chooseLot}
                    placeholder={held.isPending ? 'Loading your licenses...' : 'Select a lot'}
                    disabled={lots.length === 0}
                    options={lots.map((candidate) => ({ value: candidate.licenseId, label: lotLabel(candidate) }))}
                  />
                </FormField>
              )}
            />
          )}
          <Controller
            control={form.control}
            name="productCode"
            render={({ field }) => (
              <FormField label="Product" error={errors.productCode?.message}>
                <ChoiceSelect
                  value={field.value}
                  onChange={chooseProduct}
                  disabled={followsLot}
                  placeholder={products.isPending ? 'Loading products...' : 'Select a product'}
                  options={(products.data ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="licenseTypeName"
            render={({ field }) => (
              <FormField label="Edition" error={errors.licenseTypeName?.message}>
                <ChoiceSelect
                  value={field.value}
                  onChange={field.onChange}
                  placeholder={product ? 'Select an edition' : 'Select a product first'}
                  disabled={!product || followsLot}
                  options={(product?.editions ?? []).map((name) => ({ value: name, label: name }))}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="durationType"
            render={({ field }) => (
              <FormField label="Duration Type" error={errors.durationType?.message}>
                <ChoiceSelect
                  value={field.value}
                  onChange={(next) => chooseDurationType(next as DurationType)}
                  disabled={followsLot}
                  options={DURATION_TYPES.map((name) => ({ value: name, label: name }))}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="usageType"
            render={({ field }) => (
              <FormField label="Usage Type" error={errors.usageType?.message}>
                <ChoiceSelect
                  value={field.value}
                  onChange={field.onChange}
                  disabled={followsLot}
                  options={CREATE_USAGE_TYPES.map((name) => ({ value: name, label: usageTypeLabel(name) }))}
                />
              </FormField>
            )}
          />
          <FormField label="Customer Email" error={errors.customerEmail?.message}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="name@company.com"
              {...text('customerEmail')}
            />
          </FormField>
          <FormField label="Customer Name" error={errors.customerName?.message}>
            <Input autoComplete="off" {...text('customerName')} />
          </FormField>
          <FormField label="Start Date" error={errors.startDate?.message}>
            <Input type="date" min={startMin} max={expiryMax} {...text('startDate')} />
          </FormField>
          {fixed && (
            <FormField label="Expiry Date" error={errors.expiryDate?.message}>
              <Input type="date" min={startMin} max={expiryMax} {...text('expiryDate')} />
            </FormField>
          )}
          {fixed && (
            <FormField
              label="Duration (days)"
              error={errors.duration?.message}
              description="Give a duration, an expiry date, or both."
            >
              <Input type="number" inputMode="numeric" min={1} step={1} {...text('duration')} />
            </FormField>
          )}
          <FormField label="Total Count" error={errors.totalCount?.message}>
            <Input type="number" inputMode="numeric" min={1} max={lot?.available} step={1} {...text('totalCount')} />
          </FormField>
          <FormField label="Floating Time Limit" error={errors.floatingTimeLimit?.message}>
            <Input type="number" inputMode="numeric" min={0} step={1} {...text('floatingTimeLimit')} />
          </FormField>
          <FormField label="Order ID" error={errors.orderId?.message}>
            <Input autoComplete="off" {...text('orderId')} />
          </FormField>
          {errors.root?.server?.message && (
            <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
              {errors.root.server.message}
            </p>
          )}
        </form>
        <DialogFooter>
          <SubmitButton form={FORM_ID} busy={isSubmitting} busyText="Creating...">
            Create
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type ChoiceSelectProps = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

/** A Select whose trigger takes the field's id and aria wiring (the FormField's label names it). */
function ChoiceSelect({ value, onChange, options, placeholder, disabled, ...triggerProps }: ChoiceSelectProps) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger className="w-full" disabled={disabled} {...triggerProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
