import { t } from '@lingui/core/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useAllocateLicenses } from '../api/allocate-licenses';
import type { AllocationTarget } from '../api/allocation-target';
import { useAvailableSummary } from '../api/get-available-summary';
import { optionsFromAvailable } from './stock-option';
import { TransferForm } from './transfer-form';

type AllocateLicensesDialogProps = {
  /** null: the caller picks a user or a shared pool in the dialog (the Assign Licenses opener). */
  target: AllocationTarget | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Allocate Licenses: hand units of the caller's available stock on to a child user or a shared pool. */
export function AllocateLicensesDialog({ target, open, onOpenChange }: AllocateLicensesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{target ? t`Allocate Licenses` : t`Assign Licenses`}</DialogTitle>
          <DialogDescription>
            {target
              ? t`Hand licenses from your available stock on to ${target.name}.`
              : t`Choose a user or a shared pool, then the licenses to hand on.`}
          </DialogDescription>
        </DialogHeader>
        <AllocateForm target={target} onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

function AllocateForm({ target, onOpenChange }: Omit<AllocateLicensesDialogProps, 'open'>) {
  const available = useAvailableSummary();
  const allocate = useAllocateLicenses();
  return (
    <TransferForm
      mode="allocate"
      target={target}
      options={optionsFromAvailable(available.data ?? [])}
      optionsLoading={available.isPending}
      send={allocate.mutateAsync}
      sendError={allocate.error}
      onOpenChange={onOpenChange}
    />
  );
}
