import { t } from '@lingui/core/macro';
import type { TotpSetup } from '@portal/contracts/mfa';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  useConfirmTotp,
  useMfaStatus,
  useRemoveTotp,
  useRenewRecoveryCodes,
  useStartTotp,
} from '../api/authenticator-app';
import { RecoveryCodes } from './recovery-codes';
import { CodeForm, TotpSetupSteps } from './totp-setup-steps';

/** What a code opens, once it is checked: removing the app, or new recovery codes. */
type Guarded = 'remove' | 'renew' | null;

/**
 * Settings → Two-factor (decision 035): sets an authenticator app up (QR code or key, confirmed by
 * a first code), shows the ten recovery codes once, makes new ones, and removes the app.
 */
export function AuthenticatorAppPanel() {
  const status = useMfaStatus();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();
  const renew = useRenewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [guarded, setGuarded] = useState<Guarded>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (!status.data) return <StatusPending failed={status.isError} />;

  if (setup)
    return (
      <TotpSetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onCode={async (code) => {
          const { data } = await confirm.mutateAsync(code);
          setSetup(null);
          setCodes(data.recoveryCodes);
        }}
      />
    );

  const on = status.data.totp;
  const left = status.data.recoveryCodesLeft;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <ShieldCheckIcon aria-hidden className="size-5 text-muted-foreground" />
        <span className="font-medium">{t`Authenticator app`}</span>
        <Badge variant={on ? 'default' : 'outline'}>{on ? t`On` : t`Off`}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {on
          ? t`At sign-in you enter the code your app shows. ${left} of your recovery codes are unused.`
          : t`At sign-in, enter a code from an app on your phone as well as your password: a stolen password is then not enough.`}
        {status.data.email ? ` ${t`The code sent to your email stays available.`}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {on ? (
          <>
            <Button type="button" variant="outline" onClick={() => setGuarded('renew')}>
              {t`Make new recovery codes`}
            </Button>
            <Button type="button" variant="destructive" onClick={() => setGuarded('remove')}>
              {t`Remove authenticator app`}
            </Button>
          </>
        ) : (
          <Button
            type="button"
            disabled={start.isPending}
            onClick={() =>
              void start.mutateAsync(undefined).then(
                ({ data }) => setSetup(data),
                () => undefined,
              )
            }
          >
            {t`Set up an authenticator app`}
          </Button>
        )}
      </div>
      <GuardedCodeDialog
        guarded={guarded}
        onClose={() => setGuarded(null)}
        onCode={async (code) => {
          if (guarded === 'remove') {
            await remove.mutateAsync(code);
          } else {
            const { data } = await renew.mutateAsync(code);
            setCodes(data.recoveryCodes);
          }
          setGuarded(null);
        }}
      />
    </div>
  );
}

/** Removing the app or renewing the recovery codes: each asks for a current code first. */
function GuardedCodeDialog({
  guarded,
  onClose,
  onCode,
}: {
  guarded: Guarded;
  onClose: () => void;
  onCode: (code: string) => Promise<unknown>;
}) {
  const removing = guarded === 'remove';
  return (
    <Dialog open={guarded !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{removing ? t`Remove authenticator app` : t`Make new recovery codes`}</DialogTitle>
          <DialogDescription>
            {removing
              ? t`Enter a code from your app, or one of your recovery codes if your phone is lost. Your recovery codes stop working with it.`
              : t`Enter a code from your app. Your current recovery codes stop working.`}
          </DialogDescription>
        </DialogHeader>
        <CodeForm
          recoveryToo={removing}
          submitText={removing ? t`Remove` : t`Make new codes`}
          busyText={removing ? t`Removing...` : t`Making...`}
          onCancel={onClose}
          onCode={onCode}
        />
      </DialogContent>
    </Dialog>
  );
}

function StatusPending({ failed }: { failed: boolean }) {
  if (failed) return <p className="text-sm text-destructive">{t`Your second factors could not be loaded.`}</p>;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner /> {t`Loading your second factors...`}
    </p>
  );
}
