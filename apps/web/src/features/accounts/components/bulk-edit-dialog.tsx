import { plural, t } from '@lingui/core/macro';
import type { BulkAction } from '@portal/contracts/bulk';
import { ASSIGNABLE_ROLES } from '@portal/contracts/roles';
import { useId, useState } from 'react';
import { BulkProgress } from '@/components/bulk/bulk-progress';
import { useCreateBulk } from '@/components/bulk/bulk-api';
import type { BulkSelection } from '@/components/bulk/use-bulk-selection';
import { ChoiceSelect } from '@/components/ui/choice-select';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { usePoolOptions } from '../api/get-pool-options';
import { PoolSelect } from './pool-select';

export type BulkEditKind = 'pool' | 'role' | 'status';

const title = (kind: BulkEditKind): string =>
  ({ pool: t`Change pool`, role: t`Change role`, status: t`Change status` })[kind];

/** What the change applies to: '1 user', '1,234 users' (the count in the language's digits). */
const users = (n: number) => plural(n, { one: '# user', other: '# users' });

/** The choice of one kind: a pool (or Individual), a role, a status. */
function Choice({
  kind,
  action,
  onChange,
}: {
  kind: BulkEditKind;
  action: BulkAction;
  onChange: (a: BulkAction) => void;
}) {
  const id = useId();
  const pools = usePoolOptions();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{kind === 'pool' ? t`Pool` : kind === 'role' ? t`Role` : t`Status`}</Label>
      {action.kind === 'pool' && (
        <PoolSelect
          id={id}
          value={action.poolId}
          onChange={(poolId) => onChange({ kind: 'pool', poolId })}
          pools={pools.data ?? []}
        />
      )}
      {action.kind === 'role' && (
        <ChoiceSelect
          id={id}
          value={action.role}
          onChange={(role) => onChange({ kind: 'role', role: role as (typeof ASSIGNABLE_ROLES)[number] })}
          options={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: role }))}
        />
      )}
      {action.kind === 'status' && (
        <ChoiceSelect
          id={id}
          value={action.active ? 'Active' : 'Inactive'}
          onChange={(value) => onChange({ kind: 'status', active: value === 'Active' })}
          options={[
            { value: 'Active', label: t`Active` },
            { value: 'Inactive', label: t`Inactive` },
          ]}
        />
      )}
    </div>
  );
}

const START: Record<BulkEditKind, BulkAction> = {
  pool: { kind: 'pool', poolId: null },
  role: { kind: 'role', role: 'User' },
  status: { kind: 'status', active: false },
};

const note = (kind: BulkEditKind): string =>
  ({
    pool: t`Each user moves as Assign Pool would move it; a user who cannot join the pool is left as it is.`,
    role: t`Each user gets this role only, as Change Role would set it.`,
    status: t`An inactive account cannot sign in, and its open sessions end at once.`,
  })[kind];

/**
 * Bulk change of pool, role or status for the selected users (decision 049): the same rules as
 * one at a time, applied to each in the background, with a result per user.
 */
export function BulkEditDialog({
  kind,
  selection,
  open,
  onOpenChange,
}: {
  kind: BulkEditKind;
  selection: BulkSelection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [action, setAction] = useState<BulkAction>(START[kind]);
  const create = useCreateBulk();
  const started = create.data?.id;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title(kind)}</DialogTitle>
          <DialogDescription>{t`${title(kind)} of ${users(selection.count)}.`}</DialogDescription>
        </DialogHeader>
        {started ? (
          <BulkProgress id={started} />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({ targetType: 'User', ...selection.targets, action });
            }}
          >
            <Choice kind={kind} action={action} onChange={setAction} />
            <p className="text-sm text-muted-foreground">{note(kind)}</p>
            <DialogFooter>
              <SubmitButton busy={create.isPending} busyText={t`Starting...`}>
                {t`Apply to ${users(selection.count)}`}
              </SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
