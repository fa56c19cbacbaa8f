import { plural, t } from '@lingui/core/macro';
import type { AllocationRequest, MyAllocationGroup } from '@portal/contracts/allocations';
import { BulkProgress } from '@/components/bulk/bulk-progress';
import { useCreateBulk } from '@/components/bulk/bulk-api';
import type { BulkSelection } from '@/components/bulk/use-bulk-selection';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAvailableSummary } from '../api/get-available-summary';
import { useMyAllocations } from '../api/get-my-allocations';
import { optionsFromAvailable, type StockOption } from './stock-option';
import { TransferForm } from './transfer-form';

type BulkTransferDialogProps = {
  mode: 'allocate' | 'revoke';
  targetType: 'User' | 'Pool';
  selection: BulkSelection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** '1 user', '1,234 pools': the count in the language's digits. */
const noun = (type: 'User' | 'Pool', n: number) =>
  type === 'User' ? plural(n, { one: '# user', other: '# users' }) : plural(n, { one: '# pool', other: '# pools' });

/** Allocate: each target gets the same count, so a group offers what it has divided by the targets. */
function allocateOptions(options: StockOption[], targets: number): StockOption[] {
  return options
    .map((option) => ({ ...option, available: Math.floor(option.available / Math.max(targets, 1)) }))
    .filter((option) => option.available > 0)
    .map((option) => ({ ...option, availableLabel: t`available for each` }));
}

/** Revoke: the groups the caller handed on; each target gives back up to the count, what it has unused. */
function revokeOptions(groups: readonly MyAllocationGroup[]): StockOption[] {
  return groups
    .filter((group) => group.allocatedCount > 0)
    .map((group) => ({
      groupKey: group.groupKey,
      productCode: group.productCode,
      name: group.name,
      edition: group.edition,
      durationType: group.durationType,
      usageType: group.usageType,
      duration: group.duration,
      available: group.allocatedCount,
      availableLabel: t`handed on in all`,
    }));
}

/**
 * Allocate or Revoke Licenses for many users or pools at once (decision 049): the same product
 * rows as the single dialogs, the totals checked by the server before anything moves, then the
 * batch's progress, a result per target and Undo.
 */
export function BulkTransferDialog({ mode, targetType, selection, open, onOpenChange }: BulkTransferDialogProps) {
  const create = useCreateBulk();
  const available = useAvailableSummary({ enabled: mode === 'allocate' });
  const handedOn = useMyAllocations({ pageNumber: 1, pageSize: 200, search: '' });
  const options =
    mode === 'allocate'
      ? allocateOptions(optionsFromAvailable(available.data ?? []), selection.count)
      : revokeOptions(handedOn.data?.rows ?? []);
  const started = create.data?.id;
  const who = noun(targetType, selection.count);
  const send = (body: AllocationRequest) =>
    create.mutateAsync({
      targetType,
      ...selection.targets,
      action: { kind: mode, items: body.productAllocations },
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {mode === 'allocate' ? t`Allocate Licenses to ${who}` : t`Revoke Licenses from ${who}`}
          </DialogTitle>
          <DialogDescription>
            {mode === 'allocate'
              ? t`Each of the ${who} gets the count you set.`
              : t`Each of the ${who} gives back up to the count you set, from what it holds unused.`}
          </DialogDescription>
        </DialogHeader>
        {started ? (
          <BulkProgress id={started} />
        ) : (
          <TransferForm
            mode={mode}
            target={{ id: 'selection', name: who, isUser: targetType === 'User' }}
            options={options}
            optionsLoading={mode === 'allocate' ? available.isPending : handedOn.isPending}
            send={send}
            sendError={create.error}
            // The form closes its dialog once sent (its only call): this one stays open on the progress.
            onOpenChange={() => undefined}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
