import { t } from '@lingui/core/macro';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_MSG, type SavedView } from '@portal/contracts/saved-views';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NameField } from '@/components/name-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useDeleteView, usePinView, useUpdateView } from '../api/saved-views';
import { ViewName } from './view-name';

type ManageViewsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  views: SavedView[];
  /** The list's current query: "Use current filters" gives it to a view. */
  query: string;
};

/**
 * A list's saved views, each with what its viewer may do: pin or unpin any; rename, share,
 * unshare, take the list's current filters, or delete one's own (decision 050).
 */
export function ManageViewsDialog({ open, onOpenChange, views, query }: ManageViewsDialogProps) {
  const remove = useDeleteView();
  const [deleting, setDeleting] = useState<SavedView | null>(null);

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{t`Manage views`}</DialogTitle>
            <DialogDescription>{t`Your views of this list, and the ones your organisation shares.`}</DialogDescription>
          </DialogHeader>
          {views.length ? (
            <ul className="grid max-h-[60svh] gap-2 overflow-y-auto" aria-label={t`Saved views`}>
              {views.map((view) => (
                <ViewRow key={view.id} view={view} query={query} onDelete={() => setDeleting(view)} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t`No saved views on this list.`}</p>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        cancelText={t`Cancel`}
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={t`Delete the view ${deleting?.name ?? ''}?`}
        description={t`It leaves this list's Views menu and every sidebar it is pinned to. The rows stay as they are.`}
        action={t`Delete`}
        busyText={t`Deleting...`}
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </>
  );
}

type ViewRowProps = { view: SavedView; query: string; onDelete: () => void };

function ViewRow({ view, query, onDelete }: ViewRowProps) {
  const pin = usePinView();
  const update = useUpdateView();
  const [renaming, setRenaming] = useState(false);
  return (
    <li className="grid gap-1 rounded-md border p-3">
      {renaming ? (
        <RenameForm view={view} onDone={() => setRenaming(false)} />
      ) : (
        <span className="flex items-center gap-2 text-sm font-medium">
          <ViewName view={view} />
        </span>
      )}
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="ghost"
          aria-label={view.pinned ? t`Unpin ${view.name}` : t`Pin ${view.name}`}
          disabled={pin.isPending}
          onClick={() => pin.mutate({ id: view.id, pinned: !view.pinned })}
        >
          {view.pinned ? t`Unpin` : t`Pin`}
        </Button>
        {view.mine && (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t`Rename ${view.name}`}
              disabled={renaming}
              onClick={() => setRenaming(true)}
            >
              {t`Rename`}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={view.shared ? t`Stop sharing ${view.name}` : t`Share ${view.name}`}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: view.id, shared: !view.shared })}
            >
              {view.shared ? t`Stop sharing` : t`Share`}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t`Use current filters for ${view.name}`}
              disabled={update.isPending || view.query === query}
              onClick={() => update.mutate({ id: view.id, query })}
            >
              {t`Use current filters`}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              aria-label={t`Delete ${view.name}`}
              onClick={onDelete}
            >
              {t`Delete`}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** A view's new name: checked here as the server checks it, and the server's refusal shown under it. */
function RenameForm({ view, onDone }: { view: SavedView; onDone: () => void }) {
  const update = useUpdateView();
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(SAVED_VIEW_MSG.nameRequired);
    if (trimmed.length > SAVED_VIEW_LIMITS.name) return setError(SAVED_VIEW_MSG.nameTooLong);
    if (trimmed === view.name) return onDone();
    try {
      await update.mutateAsync({ id: view.id, name: trimmed });
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldErrors.find((e) => e.field === 'name')?.message);
    }
  };

  return (
    <form
      noValidate
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex-1">
        <NameField
          label={t`Name`}
          autoFocus
          value={name}
          error={error}
          count={{ length: name.length, max: SAVED_VIEW_LIMITS.name }}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              // Escape leaves the rename, not the dialog.
              event.stopPropagation();
              onDone();
            }
          }}
        />
      </div>
      <Button type="submit" size="sm" disabled={update.isPending}>
        {t`Save`}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onDone}>
        {t`Cancel`}
      </Button>
    </form>
  );
}
