import { i18n, type Messages } from '@lingui/core';
import { isLocale, type Locale } from '@portal/contracts/locales';
import type { TotpSetup } from '@portal/contracts/mfa';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { MfaSetupDialogProps } from '@/lib/mfa-setup';
import { setLoggedIn, setToken } from '@/lib/session';
import { useConfirmTotp, useStartTotp } from '../api/authenticator-app';
import { AddPasskeyForm } from './add-passkey-form';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetupSteps } from './totp-setup-steps';

/** The integrations area's catalogue of each language: the set-up's words, fetched with the dialog. */
const SETUP_MESSAGES: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('@/locales/integrations/en.po'),
  de: () => import('@/locales/integrations/de.po'),
  fr: () => import('@/locales/integrations/fr.po'),
  es: () => import('@/locales/integrations/es.po'),
  ja: () => import('@/locales/integrations/ja.po'),
};

/**
 * The words of the steps it shares with Settings → Two-factor (the integrations area's catalogue,
 * decision 052), in the sign-in's language: the browser's, already active on the lean login page
 * (signin-i18n.ts) and in the app (the single sign-on callback).
 */
export async function loadSetupMessages(): Promise<void> {
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { messages } = await SETUP_MESSAGES[locale]();
  i18n.load(locale, messages);
  if (!i18n.locale) i18n.activate(locale);
}

/** Where the set-up stands: choosing, the app's steps, a passkey's name, or the recovery codes with the full session's token. */
type Stage =
  | { kind: 'choose' }
  | { kind: 'app'; setup: TotpSetup }
  | { kind: 'passkey' }
  | { kind: 'codes'; codes: string[]; token: string | null };

/**
 * The sign-in step of the organisation's MFA policy (decision 036): the person sets up a factor the
 * policy accepts before reaching anything else. The set-up's session opens only this; confirming
 * the factor answers the full session, which the sign-in then goes on with.
 */
export function MfaSetupDialog({ methods, onSignedIn, onCancel }: MfaSetupDialogProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const start = useStartTotp();
  const confirm = useConfirmTotp();

  async function finish(token: string | null) {
    if (!token) return onCancel();
    setToken(token);
    setLoggedIn(true);
    await onSignedIn();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Set up a second factor</DialogTitle>
          <DialogDescription>
            {methods.includes('totp')
              ? 'Your organisation requires a second factor at sign-in. Set one up to continue.'
              : 'Your organisation requires a passkey at sign-in. Add one to continue.'}
          </DialogDescription>
        </DialogHeader>
        {stage.kind === 'codes' ? (
          <RecoveryCodes codes={stage.codes} onDone={() => void finish(stage.token)} />
        ) : stage.kind === 'passkey' ? (
          <AddPasskeyForm
            onCancel={() => setStage({ kind: 'choose' })}
            onAdded={({ recoveryCodes, token }) =>
              recoveryCodes ? setStage({ kind: 'codes', codes: recoveryCodes, token }) : void finish(token)
            }
          />
        ) : stage.kind === 'app' ? (
          <TotpSetupSteps
            setup={stage.setup}
            onCancel={() => setStage({ kind: 'choose' })}
            onCode={async (code) => {
              const { data } = await confirm.mutateAsync(code);
              setStage({ kind: 'codes', codes: data.recoveryCodes, token: data.token });
            }}
          />
        ) : (
          <div className="grid gap-3">
            {methods.includes('passkey') ? (
              <Button type="button" onClick={() => setStage({ kind: 'passkey' })}>
                Add a passkey
              </Button>
            ) : null}
            {methods.includes('totp') ? (
              <Button
                type="button"
                variant={methods.includes('passkey') ? 'outline' : 'default'}
                disabled={start.isPending}
                onClick={() =>
                  void start.mutateAsync(undefined).then(
                    ({ data }) => setStage({ kind: 'app', setup: data }),
                    () => undefined,
                  )
                }
              >
                Set up an authenticator app
              </Button>
            ) : null}
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
