import { t } from '@lingui/core/macro';
import { isSavedViewPage, type SavedViewPage, viewHref, viewQueryOf } from '@portal/contracts/saved-view-links';
import { BookmarkIcon, CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useListViews } from '../api/saved-views';
import { ManageViewsDialog } from './manage-views-dialog';
import { SaveViewDialog } from './save-view-dialog';
import { ViewName } from './view-name';

/**
 * The Views menu of a list's toolbar (decision 050): the list's saved views, and saving the current
 * filters, sort, columns and page size as one. Only the lists of SAVED_VIEW_PAGES have it. The app
 * gives it to ListTable through ListViewsSlot, and it loads after the list, as its own chunk.
 */
export function ViewsMenu() {
  const { pathname } = useLocation();
  return isSavedViewPage(pathname) ? <PageViewsMenu page={pathname} /> : null;
}

function PageViewsMenu({ page }: { page: SavedViewPage }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const views = useListViews(page);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const current = viewQueryOf(search) ?? '';
  const active = views.data?.find((view) => view.query === current && current !== '');

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="h-9">
            <BookmarkIcon aria-hidden />
            <span className="max-w-40 truncate">{active ? active.name : t`Views`}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuLabel>{t`Saved views`}</DropdownMenuLabel>
          {views.data?.length ? (
            views.data.map((view) => (
              <DropdownMenuItem key={view.id} onSelect={() => void navigate(viewHref(view))}>
                <CheckIcon aria-hidden className={view.id === active?.id ? undefined : 'invisible'} />
                <ViewName view={view} />
              </DropdownMenuItem>
            ))
          ) : (
            <DropdownMenuItem disabled>{views.isPending ? t`Loading...` : t`No saved views yet.`}</DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog('save')}>{t`Save current view...`}</DropdownMenuItem>
          <DropdownMenuItem disabled={!views.data?.length} onSelect={() => setDialog('manage')}>
            {t`Manage views...`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SaveViewDialog
        open={dialog === 'save'}
        onOpenChange={(open) => setDialog(open ? 'save' : null)}
        page={page}
        query={current}
      />
      <ManageViewsDialog
        open={dialog === 'manage'}
        onOpenChange={(open) => setDialog(open ? 'manage' : null)}
        views={views.data ?? []}
        query={current}
      />
    </>
  );
}
