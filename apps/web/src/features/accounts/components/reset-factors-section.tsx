import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useResetChildMfa } from '../api/reset-child-mfa';

/**
 * Below Reset Password: an Admin removes a child's second factors (a lost phone or passkey), after
 * asking. Decision 036: audited, mailed to the child, its sessions end.
 */
export function ResetFactorsSection({ account }: { account: ChildAccount }) {
  const reset = useResetChildMfa();
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby={`reset-factors-${account.id}`} className="grid gap-2 border-t pt-4">
      <h3 id={`reset-factors-${account.id}`} className="text-sm font-medium">
        {t`Second factors`}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t`Lost phone or passkey? Remove this user's authenticator app, recovery codes and passkeys. They sign in with their password and set a factor up again.`}
      </p>
      <div>
        <Button type="button" variant="outline" onClick={() => setAsking(true)}>
          {t`Reset second factors`}
        </Button>
      </div>
      <ConfirmDialog
        cancelText={t`Cancel`}
        open={asking}
        onOpenChange={setAsking}
        title={t`Reset the second factors of ${account.email}?`}
        description={t`Their authenticator app, recovery codes and passkeys stop working and they are signed out. They are told by email.`}
        action={t`Reset`}
        busyText={t`Resetting...`}
        busy={reset.isPending}
        onConfirm={() => reset.mutate(account.id, { onSettled: () => setAsking(false) })}
      />
    </section>
  );
}
