import { t } from '@lingui/core/macro';
import { FORECAST_LIMITS, type ForecastOptions } from '@portal/contracts/forecast';
import { PlusIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { emptyRow, type ForecastFormValues } from './forecast-schema';
import { nativeSelect } from '@/components/ui/native-select';

type FormProps = { form: UseFormReturn<ForecastFormValues> };

/** The forecast's typed rows: a product and its mailboxes each, added and removed one by one. */
export function ForecastRows({ form, options }: FormProps & { options: ForecastOptions }) {
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const { errors } = form.formState;
  const rowsError = errors.rows?.root?.message ?? errors.rows?.message;
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 text-base font-semibold">{t`Mailboxes per product`}</legend>
      <ul aria-label={t`Products`} className="grid gap-2">
        {rows.fields.map((row, index) => (
          <ProductRow
            key={row.id}
            form={form}
            index={index}
            products={options.products}
            removable={rows.fields.length > 1}
            onRemove={() => rows.remove(index)}
          />
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={rows.fields.length >= Math.min(FORECAST_LIMITS.maxItems, options.products.length)}
        onClick={() => rows.append(emptyRow())}
      >
        <PlusIcon aria-hidden /> {t`Add product`}
      </Button>
      {rowsError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {rowsError}
        </p>
      )}
    </fieldset>
  );
}

type ProductRowProps = FormProps & {
  index: number;
  products: ForecastOptions['products'];
  removable: boolean;
  onRemove: () => void;
};

function ProductRow({ form, index, products, removable, onRemove }: ProductRowProps) {
  const id = useId();
  const position = index + 1;
  const productId = `${id}-product`;
  const countId = `${id}-count`;
  const rowErrors = form.formState.errors.rows?.[index];
  const productError = rowErrors?.product?.message;
  const countError = rowErrors?.mailboxes?.message;
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md border p-2">
      <div className="grid min-w-0 flex-1 basis-44 gap-1">
        <label htmlFor={productId} className="text-xs font-medium">
          {t`Product`} <span className="sr-only">{index + 1}</span>
        </label>
        <select
          id={productId}
          className={nativeSelect}
          aria-invalid={productError ? true : undefined}
          aria-describedby={productError ? `${productId}-error` : undefined}
          {...form.register(`rows.${index}.product`)}
        >
          <option value="">{t`Choose a product`}</option>
          {products.map((product) => (
            <option key={product.code} value={product.code}>
              {product.name} ({product.code})
            </option>
          ))}
        </select>
        <FieldError id={`${productId}-error`} message={productError} />
      </div>
      <div className="grid w-36 gap-1">
        <label htmlFor={countId} className="text-xs font-medium">
          {t`Mailboxes`} <span className="sr-only">{t`of product ${position}`}</span>
        </label>
        <Input
          id={countId}
          type="number"
          inputMode="numeric"
          min={1}
          max={FORECAST_LIMITS.maxMailboxes}
          step={1}
          aria-invalid={countError ? true : undefined}
          aria-describedby={countError ? `${countId}-error` : undefined}
          {...form.register(`rows.${index}.mailboxes`, { valueAsNumber: true })}
        />
        <FieldError id={`${countId}-error`} message={countError} />
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon-sm"
        className="mt-6"
        aria-label={t`Remove product ${position}`}
        disabled={!removable}
        onClick={onRemove}
      >
        <XIcon aria-hidden />
      </Button>
    </li>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
