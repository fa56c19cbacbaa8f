import { API_KEY_MSG, API_KEY_SCOPE_LABELS, type CreatedApiKey } from '@portal/contracts/api-keys';
import { SecretField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';

/**
 * The new key, shown this once: read-only, selected on focus, with a Copy button whose outcome is
 * announced. Closing the dialog drops it; the list only ever shows its first characters.
 */
export function CreatedApiKeyView({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>New API key</DialogTitle>
        <DialogDescription>{API_KEY_MSG.created}</DialogDescription>
      </DialogHeader>
      <SecretField
        label="API key"
        value={created.key}
        copyFailedText="The key could not be copied: select it and copy it yourself."
      />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="[overflow-wrap:anywhere]">{created.name}</dd>
        <dt className="text-muted-foreground">Scopes</dt>
        <dd>{created.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd className="tabular-nums">{formatDate(created.expiresAt)}</dd>
      </dl>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
