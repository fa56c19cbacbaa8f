import { t } from '@lingui/core/macro';
import type { MfaStatus, Passkey } from '@portal/contracts/mfa';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { useMfaStatus } from '../api/authenticator-app';
import { useRemovePasskey } from '../api/passkeys';
import { AddPasskeyForm } from './add-passkey-form';
import { RecoveryCodes } from './recovery-codes';

/** The passkeys' part of Settings → Two-factor, once the status is read (the app's panel says when it cannot be). */
export function PasskeysSection() {
  const status = useMfaStatus();
  return status.data ? <PasskeysPanel status={status.data} /> : null;
}

/**
 * Settings → Two-factor, Passkeys (decision 037): the account's passkeys with their name, when
 * each was added and last used; "Add a passkey" asks a name, then the browser's own dialog; each
 * is removed after a confirmation. The first strong factor's recovery codes are shown once.
 */
export function PasskeysPanel({ status }: { status: MfaStatus }) {
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();
  const removingName = removing?.name ?? '';

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  const { passkeys } = status;
  const left = status.recoveryCodesLeft;
  return (
    <section aria-labelledby="passkeys-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <KeyRoundIcon aria-hidden className="size-5 text-muted-foreground" />
        <h3 id="passkeys-heading" className="font-medium">
          {t`Passkeys`}
        </h3>
      </div>
      <p className="text-sm text-muted-foreground">
        {passkeys.length > 0
          ? t`At sign-in, use a passkey as your second step, or sign in with it alone: your device checks it is you.` +
            (status.totp ? '' : ` ${t`${left} of your recovery codes are unused.`}`)
          : t`A passkey signs you in with your fingerprint, face, PIN or security key. It cannot be phished or guessed.`}
      </p>
      <PasskeyList passkeys={passkeys} onRemove={setRemoving} />
      <div>
        <Button type="button" onClick={() => setAdding(true)}>
          {t`Add a passkey`}
        </Button>
      </div>
      <AddPasskeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(recoveryCodes) => {
          setAdding(false);
          if (recoveryCodes) setCodes(recoveryCodes);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t`Remove passkey ${removingName}?`}
        description={
          passkeys.length === 1 && !status.totp
            ? t`It will no longer sign you in. It is your last passkey: your recovery codes stop working with it.`
            : t`It will no longer sign you in.`
        }
        action={t`Remove`}
        busyText={t`Removing...`}
        cancelText={t`Cancel`}
        busy={remove.isPending}
        onConfirm={() => {
          if (removing) void remove.mutateAsync(removing.id).finally(() => setRemoving(null));
        }}
      />
    </section>
  );
}

/** The Remove button's name: the page may list several passkeys. */
const removeLabel = (name: string) => t`Remove passkey ${name}`;

/** When a passkey was added and last used. */
function passkeyDates(passkey: Passkey): string {
  const added = formatDateTime(passkey.createdAt);
  if (!passkey.lastUsedAt) return t`Added ${added} · Last used never`;
  const used = formatDateTime(passkey.lastUsedAt);
  return t`Added ${added} · Last used ${used}`;
}

/** The account's passkeys: name, added, last used, and Remove. */
function PasskeyList({ passkeys, onRemove }: { passkeys: Passkey[]; onRemove: (passkey: Passkey) => void }) {
  if (passkeys.length === 0) return null;
  return (
    <ul aria-label={t`Your passkeys`} className="grid gap-2">
      {passkeys.map((passkey) => (
        <li
          key={passkey.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm"
        >
          <div className="grid gap-0.5">
            <span className="font-medium [overflow-wrap:anywhere]">{passkey.name}</span>
            <span className="text-muted-foreground">{passkeyDates(passkey)}</span>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={removeLabel(passkey.name)}
            onClick={() => onRemove(passkey)}
          >
            {t`Remove`}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Asks the passkey's name in a dialog of its own (Settings). */
function AddPasskeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (recoveryCodes: string[] | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t`Add a passkey`}</DialogTitle>
          <DialogDescription>
            {t`Name it after the device or key that holds it. Your browser then asks you to create the passkey.`}
          </DialogDescription>
        </DialogHeader>
        <AddPasskeyForm onCancel={onClose} onAdded={({ recoveryCodes }) => onAdded(recoveryCodes)} />
      </DialogContent>
    </Dialog>
  );
}
