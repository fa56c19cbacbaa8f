import { zodResolver } from '@hookform/resolvers/zod';
import { TWO_FACTOR_CODE_LENGTH } from '@portal/contracts/auth';
import { MSG } from '@portal/contracts/messages';
import { TOTP_DIGITS, twoFactorCodeProblem, type TwoFactorMethod } from '@portal/contracts/mfa';
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
import { getToken } from '@/lib/session';
import { useValidateTwoFactor } from '../api/validate-two-factor';
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
    description: 'Use the passkey on this device, or your security key.',
    switchTo: 'Use a passkey',
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
 * docs/product.md, 'Two-factor Authentication': the emailed 7-character code, an authenticator
 * app's code or a recovery code completes the sign-in; the person switches between the factors
 * its account has (decision 035).
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
  const submit = form.handleSubmit(async ({ twoFactorCode }) => {
    const problem = twoFactorCodeProblem(method, twoFactorCode);
    if (problem) return form.setError('twoFactorCode', { message: problem });
    try {
      const { data } = await validate.mutateAsync({
        token: getToken() ?? '',
        twoFactorCode,
        ...(method === 'email' ? {} : { method }),
      });
      await proceed(applySignedIn(data), PAGES.dashboard);
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

  const others = methods.filter((each) => each !== method);
  return (
    <Dialog open onOpenChange={(open) => !open && !isSubmitting && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Two-factor Authentication</DialogTitle>
          <DialogDescription>{METHOD_TEXT[method].description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
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
          {method === 'email' ? <ResendCodePrompt onSessionEnded={onCancel} /> : null}
          {others.length > 0 ? (
            <div className="grid justify-items-center gap-1 text-sm">
              {others.map((other) => (
                <Button key={other} type="button" variant="link" size="sm" onClick={() => switchTo(other)}>
                  {METHOD_TEXT[other].switchTo}
                </Button>
              ))}
            </div>
          ) : null}
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
