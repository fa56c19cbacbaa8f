import { useState, type ReactNode } from 'react';
import type { BulkSelection } from '@/components/bulk/use-bulk-selection';
import type { AllocationTarget } from '../api/allocation-target';
import { AllocateLicensesDialog } from './allocate-licenses-dialog';
import { BulkTransferDialog } from './bulk-transfer-dialog';
import { RevokeLicensesDialog } from './revoke-licenses-dialog';

type Opened =
  | { mode: 'allocate' | 'revoke'; target: AllocationTarget }
  | { mode: 'assign'; target: null }
  | { mode: 'bulk'; target: null; bulk: BulkOpening };

/** A bulk Allocate or Revoke of the rows selected in a table (decision 049). */
export type BulkOpening = { mode: 'allocate' | 'revoke'; targetType: 'User' | 'Pool'; selection: BulkSelection };

export type AllocationDialogs = {
  openAllocate: (target: AllocationTarget) => void;
  openRevoke: (target: AllocationTarget) => void;
  /** The Assign Licenses opener: the target is chosen in the dialog. */
  openAssign: () => void;
  /** Allocate or Revoke for every selected row of a table. */
  openBulk: (bulk: BulkOpening) => void;
  /** Render once, where the screen keeps its dialogs. */
  dialogs: ReactNode;
};

/**
 * The Allocate and Revoke dialogs for a screen of another feature (Users, License Pools): the
 * route composes them with the screen, which only reports which row asked (features do not import
 * each other).
 */
export function useAllocationDialogs(): AllocationDialogs {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [open, setOpen] = useState(false);
  const show = (next: Opened) => {
    setOpened(next);
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => setOpen(next);
  // A bulk dialog starts afresh each time it opens (a new form, no earlier batch's progress).
  const [opening, setOpening] = useState(0);
  const key = `${opened?.mode}:${opened?.target?.id ?? ''}:${opening}`;

  return {
    openAllocate: (target) => show({ mode: 'allocate', target }),
    openRevoke: (target) => show({ mode: 'revoke', target }),
    openAssign: () => show({ mode: 'assign', target: null }),
    openBulk: (bulk) => {
      setOpening((n) => n + 1);
      show({ mode: 'bulk', target: null, bulk });
    },
    dialogs:
      opened === null ? null : opened.mode === 'bulk' ? (
        <BulkTransferDialog key={key} {...opened.bulk} open={open} onOpenChange={onOpenChange} />
      ) : opened.mode === 'revoke' ? (
        <RevokeLicensesDialog key={key} target={opened.target} open={open} onOpenChange={onOpenChange} />
      ) : (
        <AllocateLicensesDialog key={key} target={opened.target} open={open} onOpenChange={onOpenChange} />
      ),
  };
}
