import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREATE_USAGE_TYPES,
  DURATION_TYPES,
  type CreateLicenseInput,
  type DurationType,
} from '@portal/contracts/licenses';
import type { ComponentProps } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
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
import { Spinner } from '@/components/ui/spinner';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { ApiError } from '@/lib/api-client';
import { CREATE_LICENSE_FIELDS, useCreateLicense } from '../api/create-license';
import { useAvailableSummary } from '../api/get-available-summary';
import { useProducts } from '../api/get-products';
import {
  createLicenseFormSchema,
  EARLIEST_DAY,
  emptyCreateLicenseForm,
  usageTypeFor,
  type CreateLicenseFormValues,
} from './create-license-form';

type CreateLicenseDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An Admin: the units come from its own available stock, not a new lot. */
  issuesFromOwnStock: boolean;
};

const FORM_ID = 'create-license-form';

/**
 * Spec section 3, "Create-license payload": issues a lot to the customer's email (an account is
 * created and mailed when none has it). Checked with the contract's createLicenseSchema; the
 * server's field errors land on the fields and its refusals (409) show once, in the dialog.
 */
export function CreateLicenseDialog({ open, onOpenChange, issuesFromOwnStock }: CreateLicenseDialogProps) {
  const create = useCreateLicense();
  const products = useProducts({ enabled: open });
  const stock = useAvailableSummary({ enabled: open && issuesFromOwnStock });
  const { form, submit, changeOpen } = useDialogForm({
    resolver: zodResolver(createLicenseFormSchema),
    defaultValues: emptyCreateLicenseForm(),
    send: async (body: CreateLicenseInput) => {
      form.clearErrors('root');
      try {
        return await create.mutateAsync(body);
      } catch (error) {
        // A refusal without field details (not enough stock, a customer out of reach): said once, here.
        if (error instanceof ApiError && error.status === 409) {
          form.setError('root.server', { type: 'server', message: error.message });
        }
        throw error;
      }
    },
    fields: CREATE_LICENSE_FIELDS,
    onOpenChange,
  });
  const { errors, isSubmitting } = form.formState;
  const [productCode, edition, durationType, usageType, duration] = useWatch({
    control: form.control,
    name: ['productCode', 'licenseTypeName', 'durationType', 'usageType', 'duration'],
  });
  const product = products.data?.find((candidate) => candidate.code === productCode);
  const fixed = durationType === 'Fixed';
  // The Admin's units that could serve this license: its groups that match what is chosen so far.
  const days = fixed && duration.trim() ? Number(duration) : undefined;
  const available = (stock.data ?? [])
    .filter(
      (group) =>
        group.productCode === productCode &&
        (!edition || group.edition === edition) &&
        group.durationType === durationType &&
        group.usageType === usageType &&
        (days === undefined || group.duration === days),
    )
    .reduce((sum, group) => sum + group.availableCount, 0);

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
              ? 'The units come from your own available stock. A customer without an account gets one, by email.'
              : 'Issues a new lot to the customer. A customer without an account gets one, by email.'}
          </DialogDescription>
        </DialogHeader>
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="productCode"
            render={({ field }) => (
              <FormField
                label="Product"
                error={errors.productCode?.message}
                description={
                  issuesFromOwnStock && productCode ? (
                    <span aria-live="polite">
                      {stock.isPending ? 'Checking your stock...' : `Available to you: ${available}`}
                    </span>
                  ) : undefined
                }
              >
                <ChoiceSelect
                  value={field.value}
                  onChange={chooseProduct}
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
                  disabled={!product}
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
                  options={CREATE_USAGE_TYPES.map((name) => ({ value: name, label: name }))}
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
            <Input type="date" min={EARLIEST_DAY} max="9999-12-31" {...text('startDate')} />
          </FormField>
          {fixed && (
            <FormField label="Expiry Date" error={errors.expiryDate?.message}>
              <Input type="date" min={EARLIEST_DAY} max="9999-12-31" {...text('expiryDate')} />
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
            <Input type="number" inputMode="numeric" min={1} step={1} {...text('totalCount')} />
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
          <Button type="submit" form={FORM_ID} disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting && <Spinner />}
            {isSubmitting ? 'Creating...' : 'Create'}
          </Button>
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
