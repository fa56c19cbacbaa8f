import { t } from '@lingui/core/macro';
import { viewHref, viewQueryOf } from '@portal/contracts/saved-view-links';
import { BookmarkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePinnedViews } from '@/features/saved-views/api/pinned-views';
import type { SideLink } from './sidebar-data';

type PinnedViewsProps = {
  collapsed: boolean;
  /** Draws the links: the sidebar passes its own SidebarNav, which this chunk so does not carry. */
  children: (links: SideLink[]) => ReactNode;
};

/**
 * The views the person pinned (decision 050), under the main links: each opens its list with the
 * view's filters. Loaded after the shell, in its own chunk; nothing shows until there is one.
 */
export function PinnedViews({ collapsed, children }: PinnedViewsProps) {
  const { pathname, search } = useLocation();
  const views = usePinnedViews();
  if (!views.data?.length) return null;
  const here = viewHref({ page: pathname, query: viewQueryOf(search) ?? '' });
  const links = views.data.map((view): SideLink => {
    const href = viewHref(view);
    return { title: view.name, href, icon: BookmarkIcon, current: href === here };
  });
  return (
    <div className="mt-4 grid gap-1">
      {collapsed ? (
        <hr className="mb-1 border-sidebar-border" />
      ) : (
        <p aria-hidden className="px-2 text-xs font-medium text-muted-foreground">
          {t`Saved views`}
        </p>
      )}
      {children(links)}
    </div>
  );
}
