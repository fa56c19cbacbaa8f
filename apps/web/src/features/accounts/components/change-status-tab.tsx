import type { ChildAccount } from '@portal/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToggleChildStatus } from '../api/toggle-child-status';

/** Spec section 4, "Account status": deactivating also ends the account's sessions at once. */
export function ChangeStatusTab({ account }: { account: ChildAccount }) {
  const toggle = useToggleChildStatus();
  const action = account.active ? 'Deactivate' : 'Activate';

  return (
    <div className="grid gap-4">
      <p className="text-sm" aria-live="polite">
        {account.active ? 'Status is currently Active' : 'Status is currently Inactive'}
      </p>
      <p className="text-sm text-muted-foreground">
        {account.active
          ? 'An inactive account cannot sign in, and its open sessions end at once.'
          : 'Activating lets the account sign in again.'}
      </p>
      <div className="flex justify-end">
        <Button
          variant={account.active ? 'destructive' : 'default'}
          disabled={toggle.isPending}
          aria-busy={toggle.isPending || undefined}
          onClick={() => toggle.mutate({ childId: account.id, active: !account.active })}
        >
          {toggle.isPending && <Spinner />}
          {action}
        </Button>
      </div>
    </div>
  );
}
