import { t } from '@lingui/core/macro';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { AllocationTarget } from '../api/allocation-target';
import { useTargetHoldings } from '../api/get-target-holdings';
import { useRevokeLicenses } from '../api/revoke-licenses';
import { optionsFromHoldings } from './stock-option';
import { TransferForm } from './transfer-form';

type RevokeLicensesDialogProps = {
  target: AllocationTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Revoke Licenses: take back units the target holds and has not used. */
export function RevokeLicensesDialog({ target, open, onOpenChange }: RevokeLicensesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t`Revoke Licenses`}</DialogTitle>
          <DialogDescription>{t`Take back licenses ${target.name} holds and has not used.`}</DialogDescription>
        </DialogHeader>
        <RevokeForm target={target} onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

function RevokeForm({ target, onOpenChange }: Omit<RevokeLicensesDialogProps, 'open'>) {
  const holdings = useTargetHoldings(target);
  const revoke = useRevokeLicenses();
  return (
    <TransferForm
      mode="revoke"
      target={target}
      options={optionsFromHoldings(holdings.data ?? [])}
      optionsLoading={holdings.isPending}
      send={revoke.mutateAsync}
      sendError={revoke.error}
      onOpenChange={onOpenChange}
    />
  );
}
