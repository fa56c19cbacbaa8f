import { t } from '@lingui/core/macro';
import { CREATE_USAGE_TYPES, DURATION_TYPES, type DurationType } from '@portal/contracts/licenses';
import { Controller } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { lotBounds, lotLabel } from './create-license-form';
import { durationTypeLabel } from './stock-words';
import type { CreateLicenseForm, LicenseChoices } from './use-create-license-form';
import { usageLabel } from '@/lib/license-format';

type FieldsProps = { form: CreateLicenseForm; choices: LicenseChoices };

/** An Admin's "Issue from": the held lot the new one is drawn from, and what it allows. */
export function IssueFromField({ form, choices }: FieldsProps) {
  const { held, lots, lot, chooseLot } = choices;
  const description = held.isPending
    ? t`Checking your stock...`
    : held.isError
      ? held.error.message
      : lot
        ? lotBounds(lot)
        : lots.length === 0
          ? t`You hold no licenses that can be issued now.`
          : t`The lot the new license is drawn from.`;
  return (
    <Controller
      control={form.control}
      name="sourceLicenseId"
      render={({ field }) => (
        <FormField
          label={t`Issue from`}
          className="sm:col-span-2"
          error={form.formState.errors.sourceLicenseId?.message}
          description={<span aria-live="polite">{description}</span>}
        >
          <ChoiceSelect
            value={field.value}
            onChange={chooseLot}
            placeholder={held.isPending ? t`Loading your licenses...` : t`Select a lot`}
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
          <FormField label={t`Product`} error={errors.productCode?.message}>
            <ChoiceSelect
              value={field.value}
              onChange={chooseProduct}
              disabled={followsLot}
              placeholder={products.isPending ? t`Loading products...` : t`Select a product`}
              options={(products.data ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }))}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="licenseTypeName"
        render={({ field }) => (
          <FormField label={t`Edition`} error={errors.licenseTypeName?.message}>
            <ChoiceSelect
              value={field.value}
              onChange={field.onChange}
              placeholder={product ? t`Select an edition` : t`Select a product first`}
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
          <FormField label={t`Duration Type`} error={errors.durationType?.message}>
            <ChoiceSelect
              value={field.value}
              onChange={(next) => chooseDurationType(next as DurationType)}
              disabled={followsLot}
              options={DURATION_TYPES.map((name) => ({ value: name, label: durationTypeLabel(name) }))}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="usageType"
        render={({ field }) => (
          <FormField label={t`Usage Type`} error={errors.usageType?.message}>
            <ChoiceSelect
              value={field.value}
              onChange={field.onChange}
              disabled={followsLot}
              options={CREATE_USAGE_TYPES.map((name) => ({ value: name, label: usageLabel(name) }))}
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
      <FormField label={t`Customer Email`} error={errors.customerEmail?.message}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@company.com"
          {...text('customerEmail')}
        />
      </FormField>
      <FormField label={t`Customer Name`} error={errors.customerName?.message}>
        <Input autoComplete="off" {...text('customerName')} />
      </FormField>
      <FormField label={t`Start Date`} error={errors.startDate?.message}>
        <Input type="date" min={startMin} max={expiryMax} {...text('startDate')} />
      </FormField>
      {fixed && (
        <FormField label={t`Expiry Date`} error={errors.expiryDate?.message}>
          <Input type="date" min={startMin} max={expiryMax} {...text('expiryDate')} />
        </FormField>
      )}
      {fixed && (
        <FormField
          label={t`Duration (days)`}
          error={errors.duration?.message}
          description={t`Give a duration, an expiry date, or both.`}
        >
          <Input type="number" inputMode="numeric" min={1} step={1} {...text('duration')} />
        </FormField>
      )}
      <FormField label={t`Total Count`} error={errors.totalCount?.message}>
        <Input type="number" inputMode="numeric" min={1} max={lot?.available} step={1} {...text('totalCount')} />
      </FormField>
      <FormField label={t`Floating Time Limit`} error={errors.floatingTimeLimit?.message}>
        <Input type="number" inputMode="numeric" min={0} step={1} {...text('floatingTimeLimit')} />
      </FormField>
      <FormField label={t`Order ID`} error={errors.orderId?.message}>
        <Input autoComplete="off" {...text('orderId')} />
      </FormField>
    </>
  );
}
