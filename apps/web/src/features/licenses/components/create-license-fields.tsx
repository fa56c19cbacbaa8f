import { usageTypeLabel } from '@portal/contracts/labels';
import { CREATE_USAGE_TYPES, DURATION_TYPES, type DurationType } from '@portal/contracts/licenses';
import { Controller } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { lotBounds, lotLabel } from './create-license-form';
import type { CreateLicenseForm, LicenseChoices } from './use-create-license-form';

type FieldsProps = { form: CreateLicenseForm; choices: LicenseChoices };

/** An Admin's "Issue from": the held lot the new one is drawn from, and what it allows. */
export function IssueFromField({ form, choices }: FieldsProps) {
  const { held, lots, lot, chooseLot } = choices;
  const description = held.isPending
    ? 'Checking your stock...'
    : held.isError
      ? held.error.message
      : lot
        ? lotBounds(lot)
        : lots.length === 0
          ? 'You hold no licenses that can be issued now.'
          : 'The lot the new license is drawn from.';
  return (
    <Controller
      control={form.control}
      name="sourceLicenseId"
      render={({ field }) => (
        <FormField
          label="Issue from"
          className="sm:col-span-2"
          error={form.formState.errors.sourceLicenseId?.message}
          description={<span aria-live="polite">{description}</span>}
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
  );
}

/** Product, edition, duration and usage types: an Admin's follow the held lot (decision 029). */
export function LicenseKindFields({ form, choices, followsLot }: FieldsProps & { followsLot: boolean }) {
  const { products, product, chooseProduct, chooseDurationType } = choices;
  const { errors } = form.formState;
  return (
    <>
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
    </>
  );
}

/** Who the lot is for and its terms: customer, dates (within the held lot's), counts, order. */
export function LicenseTermsFields({ form, choices }: FieldsProps) {
  const { fixed, startMin, expiryMax, lot } = choices;
  const { errors } = form.formState;
  const text = (name: Parameters<CreateLicenseForm['register']>[0]) => form.register(name);
  return (
    <>
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
    </>
  );
}
