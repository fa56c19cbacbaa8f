import { t } from '@lingui/core/macro';
import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { PoolOption } from '../api/get-pool-options';

/** Radix items cannot have an empty value; this one stands for "no pool". */
const INDIVIDUAL = '__individual__';

type PoolSelectProps = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> & {
  /** null is Individual (the account's own Default pool). */
  value: string | null;
  onChange: (poolId: string | null) => void;
  pools: readonly PoolOption[];
};

/** docs/product.md: '[Individual]' (no pool) or one of the caller's shared pools. */
export function PoolSelect({ value, onChange, pools, disabled, ...triggerProps }: PoolSelectProps) {
  return (
    <Select
      value={value ?? INDIVIDUAL}
      onValueChange={(next) => onChange(next === INDIVIDUAL ? null : next)}
      disabled={disabled}
    >
      <SelectTrigger className="w-full" {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={INDIVIDUAL}>{t`[Individual]`}</SelectItem>
        {pools.map((pool) => (
          <SelectItem key={pool.id} value={pool.id}>
            {pool.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
