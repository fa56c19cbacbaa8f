import { t } from '@lingui/core/macro';
import type { RowSelectionState } from '@tanstack/react-table';
import { TriangleAlertIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import { PageHeader } from '@/components/page-header';
import { usePoolCandidates } from '../api/get-pool-candidates';
import { usePoolUsers } from '../api/get-pool-users';
import { useManagePoolAccounts } from '../api/manage-pool-accounts';
import { type MemberRow, willMoveText } from './member-columns';
import { MemberSelectTable } from './member-select-table';
import { BackToPools } from './back-to-pools';

type Refusal = { userId: string; name: string; reason: string };

const selectedIds = (selection: RowSelectionState, rows: readonly MemberRow[]) =>
  rows.filter((row) => selection[row.id]).map((row) => row.id);

/**
 * `/pool/edit/{poolId}?poolName=…` (docs/product.md): members to remove on one side, the accounts
 * that may join on the other, and one 'Update Pool' for both. Refusals are listed with
 * their reasons; the moves that were allowed happen.
 */
export function PoolManagerPage({ poolId, poolName }: { poolId: string; poolName: string }) {
  const members = usePoolUsers(poolId);
  const candidates = usePoolCandidates(poolId);
  const manage = useManagePoolAccounts();
  const [toRemove, setToRemove] = useState<RowSelectionState>({});
  const [toAdd, setToAdd] = useState<RowSelectionState>({});
  const [refusals, setRefusals] = useState<Refusal[]>([]);

  const memberRows = members.data ?? [];
  const available = useMemo((): MemberRow[] => {
    const memberIds = new Set((members.data ?? []).map((m) => m.id));
    return (candidates.data ?? [])
      .filter((account) => account.poolId !== poolId && !memberIds.has(account.id))
      .map(({ id, name, email, poolId: currentPoolId, poolName }) => ({
        id,
        name,
        email,
        // In another shared pool: joining this one moves it out of that one, which is said.
        currentPoolName: currentPoolId ? poolName : null,
      }));
  }, [candidates.data, members.data, poolId]);

  const removeUserIds = selectedIds(toRemove, memberRows);
  const addUserIds = selectedIds(toAdd, available);
  const moving = available.filter((row) => toAdd[row.id] && row.currentPoolName);
  const nothingSelected = removeUserIds.length === 0 && addUserIds.length === 0;

  async function update() {
    const names = new Map([...memberRows, ...available].map((row) => [row.id, `${row.name} (${row.email})`]));
    try {
      const { data } = await manage.mutateAsync({ poolId, addUserIds, removeUserIds });
      setToAdd({});
      setToRemove({});
      setRefusals(data.refused.map((r) => ({ ...r, name: names.get(r.userId) ?? r.userId })));
    } catch {
      // The global handler has shown the failure; the selection stays for another try.
    }
  }

  return (
    <div className="grid gap-6">
      <BackToPools />
      <PageHeader title={t`User Pool Manager - ${poolName}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <MemberSelectTable
          title={t`Users in Pool to remove`}
          verb="remove"
          rows={memberRows}
          selection={toRemove}
          onSelectionChange={setToRemove}
          isLoading={members.isPending}
          error={members.error}
          emptyText={t`No users found.`}
        />
        <MemberSelectTable
          title={t`Available Users to add`}
          verb="add"
          rows={available}
          selection={toAdd}
          onSelectionChange={setToAdd}
          isLoading={candidates.isPending}
          error={candidates.error}
          emptyText={t`No users found.`}
        />
      </div>
      <RefusalList refusals={refusals} />
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-canvas/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6 lg:-mx-8 lg:px-8">
        <SelectionSummary adding={addUserIds.length} removing={removeUserIds.length} moving={moving} />
        <SubmitButton type="button" onClick={() => void update()} disabled={nothingSelected} busy={manage.isPending}>
          {t`Update Pool`}
        </SubmitButton>
      </div>
    </div>
  );
}

/** The moves the server refused, each with its reason (the others happened). */
function RefusalList({ refusals }: { refusals: readonly Refusal[] }) {
  if (refusals.length === 0) return null;
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <TriangleAlertIcon aria-hidden className="size-4" />
        {t`Some users could not be moved`}
      </p>
      <ul className="grid gap-1 pl-6">
        {refusals.map((refusal) => (
          <li key={refusal.userId}>
            <span className="font-medium">{refusal.name}</span>: {refusal.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How many join and leave, and who moves out of another shared pool by joining. */
function SelectionSummary({
  adding,
  removing,
  moving,
}: {
  adding: number;
  removing: number;
  moving: readonly MemberRow[];
}) {
  // Named as the spec's message names them: '{n} users to add, {m} users to remove'.
  const [n, m] = [adding, removing];
  return (
    <div className="grid gap-1" aria-live="polite">
      <p className="text-sm font-medium tabular-nums">{t`${n} users to add, ${m} users to remove`}</p>
      {moving.length > 0 && (
        <ul className="text-sm text-muted-foreground">
          {moving.map((row) => (
            <li key={row.id}>
              {row.name}: {willMoveText(row.currentPoolName ?? '')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
