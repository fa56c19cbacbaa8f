import { t } from '@lingui/core/macro';
import type { CreatedApiKey } from '@portal/contracts/api-keys';
import { SecretField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { scopesText } from './api-key-words';

/**
 * The new key, shown this once: read-only, selected on focus, with a Copy button whose outcome is
 * announced. Closing the dialog drops it; the list only ever shows its first characters.
 */
export function CreatedApiKeyView({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t`New API key`}</DialogTitle>
        <DialogDescription>{t`API key created. Copy it now: it will not be shown again.`}</DialogDescription>
      </DialogHeader>
      <SecretField
        label={t`API key`}
        value={created.key}
        copyText={t`Copy`}
        copiedText={t`Copied`}
        copyFailedText={t`The key could not be copied: select it and copy it yourself.`}
      />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t`Name`}</dt>
        <dd className="[overflow-wrap:anywhere]">{created.name}</dd>
        <dt className="text-muted-foreground">{t`Scopes`}</dt>
        <dd>{scopesText(created.scopes)}</dd>
        <dt className="text-muted-foreground">{t`Expires`}</dt>
        <dd className="tabular-nums">{formatDate(created.expiresAt)}</dd>
      </dl>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t`Done`}
        </Button>
      </DialogFooter>
    </>
  );
}
