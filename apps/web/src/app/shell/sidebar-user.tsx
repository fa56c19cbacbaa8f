import type { CurrentUser } from '@portal/contracts/auth';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { initialOf } from '@/lib/format';
import { cn } from '@/lib/utils';
import { SideTooltip } from './side-tooltip';

/** The top of the sidebar: who is signed in (docs/product.md, "Shell"). */
export function SidebarUser({ user, collapsed = false }: { user: CurrentUser; collapsed?: boolean }) {
  const avatar = (
    <Avatar className="size-9">
      <AvatarFallback>{initialOf(user.name, user.email)}</AvatarFallback>
    </Avatar>
  );
  return (
    <div className={cn('flex items-center gap-3 px-3 py-4', collapsed && 'justify-center px-0')}>
      {collapsed ? (
        <SideTooltip
          content={
            <>
              <p className="font-medium">{user.name}</p>
              <p className="opacity-80">{user.email}</p>
            </>
          }
        >
          <span className="rounded-full">
            {avatar}
            <span className="sr-only">
              {user.name}, {user.email}
            </span>
          </span>
        </SideTooltip>
      ) : (
        <>
          {avatar}
          <div className="grid min-w-0 leading-tight">
            <span className="truncate text-sm font-semibold text-foreground">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </div>
        </>
      )}
    </div>
  );
}
