import type { CurrentUser } from '@portal/contracts/auth';
import { lazy, startTransition, Suspense, useState } from 'react';
import { UserMenuButton } from './user-menu-button';

const loadMenu = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadMenu().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * docs/product.md, "User menu". The menu (Radix DropdownMenu, its positioning, focus and scroll
 * locking: about 25 KB gzip) is loaded when the button is first pressed, and fetched ahead when the
 * pointer or the focus reaches it; it then opens at once (docs/decisions/021-web-weight.md).
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadMenu().catch(() => undefined);
  const button = (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      // A transition: this button stays, focused, until the menu can replace it already open.
      onClick={() => startTransition(() => setWanted(true))}
    />
  );
  return <Suspense fallback={button}>{wanted ? <UserMenuDropdown user={user} /> : button}</Suspense>;
}
