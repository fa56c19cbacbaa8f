import type { CurrentUser } from '@portal/contracts/auth';
import { ChevronDownIcon, LogOutIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
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

/**
 * Spec section 2, "User menu": who is signed in, when they last signed in, Profile and Log out.
 * A SuperAdmin's sidebar holds only the usage report, so its way to `/users` is here.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const initial = initialOf(user.name, user.email);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows (WCAG 2.5.3: voice control users say the visible text), then its purpose. */}
        <Button variant="ghost" className="h-9 gap-2 rounded-full pr-2 pl-1">
          <Avatar className="size-7">
            <AvatarFallback className="text-xs">{initial}</AvatarFallback>
          </Avatar>
          <span className="hidden max-w-40 truncate lg:block">{user.name}</span>
          <span className="sr-only">Open user menu</span>
          <ChevronDownIcon aria-hidden className="text-muted-foreground" />
        </Button>
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
            Last Login:{' '}
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
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
