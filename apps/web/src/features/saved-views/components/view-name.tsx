import { t } from '@lingui/core/macro';
import type { SavedView } from '@portal/contracts/saved-views';
import { PinIcon, UsersIcon } from 'lucide-react';

/** A view's name, with who shared it (not one's own) and whether it is pinned. */
export function ViewName({ view }: { view: SavedView }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <span className="min-w-0 flex-1 truncate">{view.name}</span>
      {!view.mine && <span className="shrink-0 text-xs text-muted-foreground">{t`by ${view.ownerName}`}</span>}
      {view.shared && (
        <span title={t`Shared with your organisation`}>
          <UsersIcon aria-hidden />
          <span className="sr-only">{t`(shared)`}</span>
        </span>
      )}
      {view.pinned && (
        <span title={t`Pinned to the sidebar`}>
          <PinIcon aria-hidden />
          <span className="sr-only">{t`(pinned)`}</span>
        </span>
      )}
    </span>
  );
}
