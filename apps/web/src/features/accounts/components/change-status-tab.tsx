import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { SubmitButton } from '@/components/ui/submit-button';
import { useToggleChildStatus } from '../api/toggle-child-status';

/** docs/product.md, "Account status": deactivating also ends the account's sessions at once. */
export function ChangeStatusTab({ account }: { account: ChildAccount }) {
  const toggle = useToggleChildStatus();
  const action = account.active ? t`Deactivate` : t`Activate`;

  return (
    <div className="grid gap-4">
      <p className="text-sm" aria-live="polite">
        {account.active ? t`Status is currently Active` : t`Status is currently Inactive`}
      </p>
      <p className="text-sm text-muted-foreground">
        {account.active
          ? t`An inactive account cannot sign in, and its open sessions end at once.`
          : t`Activating lets the account sign in again.`}
      </p>
      <div className="flex justify-end">
        <SubmitButton
          type="button"
          variant={account.active ? 'destructive' : 'default'}
          busy={toggle.isPending}
          onClick={() => toggle.mutate({ childId: account.id, active: !account.active })}
        >
          {action}
        </SubmitButton>
      </div>
    </div>
  );
}
