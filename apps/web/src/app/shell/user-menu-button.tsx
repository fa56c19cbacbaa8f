import { t } from '@lingui/core/macro';
import type { CurrentUser } from '@portal/contracts/auth';
import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { initialOf } from '@/lib/format';

type UserMenuButtonProps = { user: CurrentUser } & ComponentProps<typeof Button>;

/** The header's user menu button, the same before and after the menu's code has loaded. */
export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  return (
    // Named by what it shows (WCAG 2.5.3: voice control users say the visible text), then its purpose.
    <Button variant="ghost" className="h-9 gap-2 rounded-full pr-2 pl-1" {...props}>
      <Avatar className="size-7">
        <AvatarFallback className="text-xs">{initialOf(user.name, user.email)}</AvatarFallback>
      </Avatar>
      <span className="hidden max-w-40 truncate lg:block">{user.name}</span>
      <span className="sr-only">{t`Open user menu`}</span>
      <ChevronDownIcon aria-hidden className="text-muted-foreground" />
    </Button>
  );
}
