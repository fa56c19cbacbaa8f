import { zodResolver } from '@hookform/resolvers/zod';
import { TWO_FACTOR_CODE_LENGTH } from '@portal/contracts/auth';
import { MSG } from '@portal/contracts/messages';
import { MFA_MSG, TOTP_DIGITS, twoFactorCodeProblem, type TwoFactorMethod } from '@portal/contracts/mfa';
import { PAGES } from '@portal/contracts/pages';
import { type KeyboardEvent, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { isUnauthorized } from '@/lib/handle-server-error';
import { browserPasskeyProblem } from '@/lib/passkey-errors';
import { getToken } from '@/lib/session';
import { useValidateTwoFactor, type ValidateTwoFactorInput } from '../api/validate-two-factor';
import { applySignedIn, type LoginOutcome } from '../lib/login-flow';
import { ResendCodePrompt } from './resend-code-button';
import { TotpCodeInput, TwoFactorCodeInput } from './two-factor-code-input';

const twoFactorFormSchema = z.object({
  twoFactorCode: z.string().trim().min(1, { message: MSG.otpRequired }),
});
type TwoFactorForm = z.infer<typeof twoFactorFormSchema>;

/** What each second factor asks for (docs/product.md, 'Two-factor Authentication'). */
const METHOD_TEXT: Record<
  TwoFactorMethod,
  { description: string; switchTo: string; complete: (code: string) => boolean }
> = {
  passkey: {
    description: 'Use your passkey: your device asks for your fingerprint, face, PIN or security key.',
    switchTo: 'Use your passkey',
    complete: () => true,
  },
  email: {
    description: 'Enter the 7-character code we have sent to your email.',
    switchTo: 'Use the code sent to your email',
    complete: (code) => code.length >= TWO_FACTOR_CODE_LENGTH,
  },
  totp: {
    description: 'Enter the 6-digit code your authenticator app shows.',
    switchTo: 'Use your authenticator app',
    complete: (code) => code.length >= TOTP_DIGITS,
  },
  recovery: {
    description: 'Enter one of your recovery codes. Each one works once.',
    switchTo: 'Use a recovery code',
    complete: (code) => code.replace(/[\s-]+/g, '').length >= 16,
  },
};

type TwoFactorDialogProps = {
  /** The account's second factors, strongest first; the first is offered first. */
  methods?: readonly TwoFactorMethod[];
  /** On to the landing page, or to the MFA policy's set-up when the answer asks for it. */
  proceed: (outcome: LoginOutcome, fallback: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * docs/product.md, 'Two-factor Authentication': a passkey, the emailed 7-character code, an
 * authenticator app's code or a recovery code completes the sign-in; the person switches between
 * the factors its account has (decisions 035, 037).
 */
export function TwoFactorDialog({ methods = ['email'], proceed, onCancel }: TwoFactorDialogProps) {
  const [method, setMethod] = useState<TwoFactorMethod>(methods[0] ?? 'email');
  const validate = useValidateTwoFactor();
  const form = useForm<TwoFactorForm>({
    resolver: zodResolver(twoFactorFormSchema),
    defaultValues: { twoFactorCode: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const code = useWatch({ control: form.control, name: 'twoFactorCode' });
  async function complete(input: Omit<ValidateTwoFactorInput, 'token'>) {
    const { data } = await validate.mutateAsync({ token: getToken() ?? '', ...input });
    await proceed(applySignedIn(data), PAGES.dashboard);
  }

  const submit = form.handleSubmit(async ({ twoFactorCode }) => {
    const problem = twoFactorCodeProblem(method, twoFactorCode);
    if (problem) return form.setError('twoFactorCode', { message: problem });
    try {
      await complete({ twoFactorCode, ...(method === 'email' ? {} : { method }) });
    } catch (error) {
      // Too many wrong codes end the pending sign-in: back to the form to start over.
      if (isUnauthorized(error)) onCancel();
      else applyServerFieldErrors(error, form.setError, ['twoFactorCode']);
    }
  });

  function switchTo(next: TwoFactorMethod) {
    setMethod(next);
    form.reset({ twoFactorCode: '' });
  }

  // Verify stays disabled until the code is complete, which also blocks Enter's implicit
  // submission; Enter still checks the code, so an empty one is told what is missing.
  function submitOnEnter(event: KeyboardEvent) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Two-factor Authentication</DialogTitle>
          <DialogDescription>{METHOD_TEXT[method].description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          {method === 'passkey' ? (
            <PasskeyStep complete={complete} onSessionEnded={onCancel} />
          ) : (
            <>
              <Controller
                control={form.control}
                name="twoFactorCode"
                render={({ field }) => (
                  <MethodCodeInput
                    method={method}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    onKeyDown={submitOnEnter}
                    error={errors.twoFactorCode?.message}
                    disabled={isSubmitting}
                  />
                )}
              />
              <SubmitButton disabled={!METHOD_TEXT[method].complete(code)} busy={isSubmitting}>
                Verify
              </SubmitButton>
            </>
          )}
          {method === 'email' ? <ResendCodePrompt onSessionEnded={onCancel} /> : null}
          <OtherMethods methods={methods.filter((each) => each !== method)} onSwitch={switchTo} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

type MethodCodeInputProps = {
  method: TwoFactorMethod;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  error?: string;
  disabled: boolean;
};

/** The field of a method's code: 7 slots for the emailed code, 6 for an app's, a line for a recovery code. */
function MethodCodeInput({ method, onChange, ...common }: MethodCodeInputProps) {
  if (method === 'totp') return <TotpCodeInput {...common} onChange={onChange} />;
  if (method === 'recovery')
    return (
      <FormField label="Recovery code" error={common.error}>
        <Input
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          value={common.value}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          onBlur={common.onBlur}
          onKeyDown={common.onKeyDown}
          disabled={common.disabled}
        />
      </FormField>
    );
  return <TwoFactorCodeInput {...common} onChange={(value) => onChange(value.toUpperCase())} />;
}

/**
 * The passkey as second factor (decision 037): the server's challenge for this sign-in, the
 * browser's own dialog, then its answer. The WebAuthn code loads on the click.
 */
function PasskeyStep({
  complete,
  onSessionEnded,
}: {
  complete: (input: Omit<ValidateTwoFactorInput, 'token'>) => Promise<void>;
  onSessionEnded: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function signWithPasskey() {
    setBusy(true);
    setError(null);
    try {
      const { passkeyAssertion } = await import('../lib/passkey-sign-in');
      await complete({ method: 'passkey', passkey: await passkeyAssertion() });
    } catch (caught) {
      const problem = browserPasskeyProblem(caught);
      if (problem) setError(problem);
      else if (isUnauthorized(caught)) onSessionEnded();
      else setError(caught instanceof Error && caught.message ? caught.message : MFA_MSG.passkeyFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <SubmitButton type="button" autoFocus busy={busy} onClick={() => void signWithPasskey()}>
        Use your passkey
      </SubmitButton>
      <p role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </>
  );
}

/** Links to the account's other second factors. */
function OtherMethods({
  methods,
  onSwitch,
}: {
  methods: TwoFactorMethod[];
  onSwitch: (next: TwoFactorMethod) => void;
}) {
  if (methods.length === 0) return null;
  return (
    <div className="grid justify-items-center gap-1 text-sm">
      {methods.map((other) => (
        <Button key={other} type="button" variant="link" size="sm" onClick={() => onSwitch(other)}>
          {METHOD_TEXT[other].switchTo}
        </Button>
      ))}
    </div>
  );
}
