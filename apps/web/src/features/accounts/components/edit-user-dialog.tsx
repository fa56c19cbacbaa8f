import { t } from '@lingui/core/macro';
import type { ChildAccount } from '@portal/contracts/accounts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssignPoolTab } from './assign-pool-tab';
import { ChangeRoleTab } from './change-role-tab';
import { ChangeStatusTab } from './change-status-tab';
import { ResetPasswordTab } from './reset-password-tab';
import { TransferAccountTab } from './transfer-account-tab';

type EditUserDialogProps = {
  account: ChildAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const tabs = () =>
  [
    { value: 'pool', label: t`Assign Pool`, Panel: AssignPoolTab },
    { value: 'roles', label: t`Change Role`, Panel: ChangeRoleTab },
    { value: 'password', label: t`Reset Password`, Panel: ResetPasswordTab },
    { value: 'status', label: t`Change Status`, Panel: ChangeStatusTab },
    { value: 'transfer', label: t`Transfer Account`, Panel: TransferAccountTab },
  ] as const;

/** docs/product.md: Edit User, five tabs; each saves on its own and refreshes the list. */
export function EditUserDialog({ account, open, onOpenChange }: EditUserDialogProps) {
  const TABS = tabs();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Anchored near the top, so switching between tabs of different heights leaves the tab row in place. */}
      <DialogContent className="top-4 max-h-[calc(100svh-2rem)] translate-y-0 overflow-y-auto sm:top-[12svh] sm:max-h-[calc(88svh-1rem)] sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t`Edit User`}</DialogTitle>
          <DialogDescription className="break-all">
            {account.name} · {account.email}
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="pool">
          <TabsList className="w-full">
            {TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value, Panel }) => (
            <TabsContent key={value} value={value} className="pt-2">
              <Panel account={account} />
            </TabsContent>
          ))}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
