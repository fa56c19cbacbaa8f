import type { ComponentProps, MouseEvent } from 'react';

type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; navigate: (to: string) => void };

/**
 * A link that works with or without the router: a plain click goes through `navigate` (the router
 * inside the app, a page load on the lean login page); modified clicks keep the browser's behaviour.
 */
export function AppLink({ to, navigate, onClick, ...props }: AppLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} onClick={handleClick} {...props} />;
}
