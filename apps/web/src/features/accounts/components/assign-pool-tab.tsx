import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { useId, useState } from 'react';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { usePoolOptions } from '../api/get-pool-options';
import { useUpdatePool } from '../api/update-pool';
import { PoolSelect } from './pool-select';

/**
 * docs/product.md, "Pool assignment": Individual or exactly one pool. The button works only once the
 * choice differs from the account's pool, and reads 'Updating...' while saving.
 */
export function AssignPoolTab({ account }: { account: ChildAccount }) {
  const id = useId();
  const pools = usePoolOptions();
  const update = useUpdatePool();
  const [choice, setChoice] = useState<string | null>(account.poolId);
  const changed = choice !== account.poolId;
  // An account may sit in a pool the caller does not own (a deeper child): keep it choosable.
  const options =
    account.poolId && account.poolName && !pools.data?.some((pool) => pool.id === account.poolId)
      ? [{ id: account.poolId, name: account.poolName }, ...(pools.data ?? [])]
      : (pools.data ?? []);

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) update.mutate({ userId: account.id, licensePoolId: choice });
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t`Currently:`} <span className="font-medium text-foreground">{account.poolName ?? t`Individual`}</span>
      </p>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t`Pool`}</Label>
        <PoolSelect id={id} value={choice} onChange={setChoice} pools={options} disabled={update.isPending} />
      </div>
      <div className="flex justify-end">
        <SubmitButton disabled={!changed} busy={update.isPending} busyText={t`Updating...`}>
          {t`Update`}
        </SubmitButton>
      </div>
    </form>
  );
}
