import { t } from '@lingui/core/macro';
import type { CurrentUser } from '@portal/contracts/auth';
import { LogOutIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/api/logout';
import { formatDateTime, initialOf } from '@/lib/format';
import { getAccountLinks } from './account-links';
import { UserMenuButton } from './user-menu-button';

/**
 * docs/product.md, "User menu": who is signed in, when they last signed in, Profile and Log out.
 * A SuperAdmin's sidebar holds only the usage report, so its way to `/users` is here. Mounted by
 * the first press of the button (user-menu.tsx), so it starts open. Not modal: a modal menu hides
 * the whole app from screen readers with aria-hidden while its links and buttons stay focusable
 * (axe aria-hidden-focus); this menu still takes focus, closes on Escape, Tab and a click outside,
 * and returns focus to its button.
 */
export function UserMenuDropdown({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const initial = initialOf(user.name, user.email);

  return (
    <DropdownMenu defaultOpen modal={false}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="font-normal">
          <div className="flex items-center gap-3">
            <Avatar className="size-10">
              <AvatarFallback>{initial}</AvatarFallback>
            </Avatar>
            <div className="grid min-w-0">
              <span className="truncate font-medium">{user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </div>
          </div>
          <p className="mt-3 text-xs text-muted-foreground">
            {t`Last Login:`}{' '}
            <time dateTime={user.lastLogin ?? undefined} className="text-foreground tabular-nums">
              {formatDateTime(user.lastLogin)}
            </time>
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {getAccountLinks(user.roles).map(({ title, href, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <Link to={href}>
              <Icon aria-hidden />
              {title}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOutIcon aria-hidden />
          {t`Log out`}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
