import { t } from '@lingui/core/macro';
import { XIcon } from 'lucide-react';
import { useId } from 'react';
import type { FieldArrayWithId, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { describeOption } from './stock-option';
import type { TransferMode, TransferValues } from './transfer-schema';

type TransferRowsProps = {
  mode: TransferMode;
  fields: FieldArrayWithId<TransferValues, 'rows', 'key'>[];
  register: UseFormRegister<TransferValues>;
  errors: FieldErrors<TransferValues>['rows'];
  onRemove: (index: number) => void;
  /** The target holds nothing to take back (revoke) or there is nothing to hand on (allocate). */
  nothingOffered?: boolean;
};

/** What the empty list says: what is true for each dialog. */
function emptyText(mode: TransferMode, nothingOffered: boolean): string {
  if (mode === 'allocate') return t`No products selected for allocation.`;
  return nothingOffered ? t`Nothing to revoke: no unused licenses are held here.` : t`No products selected to revoke.`;
}

/** The picked product groups, each with its quantity; the list scrolls past 300 px (docs/product.md). */
export function TransferRows({ mode, fields, register, errors, onRemove, nothingOffered = false }: TransferRowsProps) {
  const id = useId();
  if (fields.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        {emptyText(mode, nothingOffered)}
      </p>
    );
  }
  return (
    <ul aria-label={t`Selected products`} className="grid max-h-[300px] gap-2 overflow-y-auto rounded-md border p-2">
      {fields.map((row, index) => {
        const inputId = `${id}-${index}`;
        const error = errors?.[index]?.quantity?.message;
        return (
          <li key={row.key} className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-md bg-muted/40 p-2">
            <div className="grid min-w-0 flex-1 basis-48 gap-0.5 text-sm">
              <span className="font-medium [overflow-wrap:anywhere]">{row.name}</span>
              <span className="text-xs text-muted-foreground">{describeOption(row)}</span>
            </div>
            <div className="grid w-28 gap-1">
              <label htmlFor={inputId} className="text-xs font-medium">
                {t`Quantity`} <span className="sr-only">{t`of ${row.name}`}</span>
              </label>
              <Input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={mode === 'allocate' ? 1 : 0}
                max={row.available}
                step={1}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className="h-8"
                {...register(`rows.${index}.quantity`, { valueAsNumber: true })}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              className="mt-5"
              aria-label={t`Remove ${row.name}`}
              onClick={() => onRemove(index)}
            >
              <XIcon aria-hidden />
            </Button>
            {error && (
              <p id={`${inputId}-error`} className="basis-full text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
