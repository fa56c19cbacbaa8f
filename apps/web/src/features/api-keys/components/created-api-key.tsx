import { API_KEY_MSG, API_KEY_SCOPE_LABELS, type CreatedApiKey } from '@portal/contracts/api-keys';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDate } from '@/lib/format';

type Copy = 'idle' | 'copied' | 'failed';

const COPY_NOTICE: Record<Copy, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'The key could not be copied: select it and copy it yourself.',
};

/**
 * The new key, shown this once: read-only, selected on focus, with a Copy button whose outcome is
 * announced. Closing the dialog drops it; the list only ever shows its first characters.
 */
export function CreatedApiKeyView({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<Copy>('idle');

  // The form that had the focus is gone: the key takes it, selected, ready to be copied.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure address, a refused permission): the selected key can still be copied by hand.
      setCopy('failed');
      field.current?.select();
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>New API key</DialogTitle>
        <DialogDescription>{API_KEY_MSG.created}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-key`}>API key</Label>
        <div className="flex gap-2">
          <Input
            ref={field}
            id={`${id}-key`}
            readOnly
            value={created.key}
            spellCheck={false}
            autoComplete="off"
            className="min-w-0 flex-1 font-mono text-xs sm:text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copyKey()}>
            {copy === 'copied' ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            Copy
          </Button>
        </div>
        <p role="status" className="min-h-5 text-sm">
          {COPY_NOTICE[copy]}
        </p>
      </div>
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
