import { useState, type ReactNode } from 'react';
import type { AllocationTarget } from '../api/allocation-target';
import { AllocateLicensesDialog } from './allocate-licenses-dialog';
import { RevokeLicensesDialog } from './revoke-licenses-dialog';

type Opened = { mode: 'allocate' | 'revoke'; target: AllocationTarget } | { mode: 'assign'; target: null };

export type AllocationDialogs = {
  openAllocate: (target: AllocationTarget) => void;
  openRevoke: (target: AllocationTarget) => void;
  /** The Assign Licenses opener: the target is chosen in the dialog. */
  openAssign: () => void;
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
  const key = `${opened?.mode}:${opened?.target?.id ?? ''}`;

  return {
    openAllocate: (target) => show({ mode: 'allocate', target }),
    openRevoke: (target) => show({ mode: 'revoke', target }),
    openAssign: () => show({ mode: 'assign', target: null }),
    dialogs:
      opened === null ? null : opened.mode === 'revoke' ? (
        <RevokeLicensesDialog key={key} target={opened.target} open={open} onOpenChange={onOpenChange} />
      ) : (
        <AllocateLicensesDialog key={key} target={opened.target} open={open} onOpenChange={onOpenChange} />
      ),
  };
}
