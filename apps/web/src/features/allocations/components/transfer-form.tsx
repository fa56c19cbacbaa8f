import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AllocationRequest } from '@portal/contracts/licenses';
import { useFieldArray, useWatch } from 'react-hook-form';
import { DialogFooter } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { ApiError } from '@/lib/api-client';
import { isShownInline } from '@/lib/handle-server-error';
import { ALLOCATION_INLINE } from '../api/allocation-inline';
import type { AllocationTarget } from '../api/allocation-target';
import { ProductPicker } from './product-picker';
import type { StockOption } from './stock-option';
import { TargetFields } from './target-fields';
import { TransferRows } from './transfer-rows';
import {
  allocateSchema,
  revokeSchema,
  toAllocationRequest,
  type TransferMode,
  type TransferOutput,
} from './transfer-schema';

const text = (mode: TransferMode) =>
  mode === 'allocate'
    ? { idle: t`Assign Licenses`, pending: t`Assigning...` }
    : { idle: t`Revoke Licenses`, pending: t`Revoking...` };

type TransferFormProps = {
  mode: TransferMode;
  /** null: the form asks for the target (the Assign Licenses opener). */
  target: AllocationTarget | null;
  /** Every group that can move; the ones already picked drop out of the picker. */
  options: readonly StockOption[];
  optionsLoading: boolean;
  send: (body: AllocationRequest) => Promise<unknown>;
  /** The last failed send, shown here when the dialog owns the message (ALLOCATION_INLINE). */
  sendError: Error | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * The body of the Allocate and Revoke dialogs (docs/product.md): pick product groups, each
 * once, set quantities within what is available, send the rows above 0. Mounted afresh each time
 * its dialog opens, so it always starts empty.
 */
export function TransferForm({
  mode,
  target,
  options,
  optionsLoading,
  send,
  sendError,
  onOpenChange,
}: TransferFormProps) {
  // The two schemas differ only in the minimum count, so they share one type.
  const schema: typeof allocateSchema = mode === 'allocate' ? allocateSchema : revokeSchema;
  const { form, submit } = useDialogForm({
    resolver: zodResolver(schema),
    defaultValues: {
      targetType: target === null || target.isUser ? 'User' : 'Pool',
      targetId: target?.id ?? '',
      rows: [],
    },
    send: (values: TransferOutput) => send(toAllocationRequest(values)),
    fields: [],
    mode: 'onChange',
    onOpenChange,
  });
  const rows = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const targetType = useWatch({ control: form.control, name: 'targetType' });
  const quantities = useWatch({ control: form.control, name: 'rows' });
  const picked = new Set(rows.fields.map((row) => row.groupKey));
  const offered = options.filter((option) => !picked.has(option.groupKey));
  const { errors, isSubmitting } = form.formState;
  const nothingToSend = quantities.length === 0 || !quantities.some((row) => row.quantity > 0);
  const inlineError = sendError && isShownInline(sendError, ALLOCATION_INLINE) ? sendError : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid min-w-0 gap-4">
      {target === null && (
        <TargetFields control={form.control} targetType={targetType} setValue={form.setValue} errors={errors} />
      )}
      <div className="grid gap-2">
        <ProductPicker
          options={offered}
          isLoading={optionsLoading}
          onPick={(option) => rows.append({ ...option, quantity: 1 })}
        />
        <TransferRows
          mode={mode}
          fields={rows.fields}
          register={form.register}
          errors={errors.rows}
          onRemove={rows.remove}
          nothingOffered={!optionsLoading && options.length === 0}
        />
      </div>
      {inlineError && (
        <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          <p className="font-medium">{inlineError.message}</p>
          {inlineError instanceof ApiError && inlineError.fieldErrors.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {inlineError.fieldErrors.map((fieldError) => (
                <li key={`${fieldError.field}:${fieldError.message}`}>{fieldError.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DialogFooter>
        <SubmitButton disabled={nothingToSend} busy={isSubmitting} busyText={text(mode).pending}>
          {text(mode).idle}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
