import { zodResolver } from '@hookform/resolvers/zod';
import { TWO_FACTOR_CODE_LENGTH, validateTwoFactorRequestSchema } from '@portal/contracts/auth';
import { PAGES } from '@portal/contracts/pages';
import type { KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { isUnauthorized } from '@/lib/handle-server-error';
import { getToken, setLoggedIn, setToken } from '@/lib/session';
import { useValidateTwoFactor } from '../api/validate-two-factor';
import type { FinishSignIn } from '../lib/login-flow';
import { ResendCodePrompt } from './resend-code-button';
import { TwoFactorCodeInput } from './two-factor-code-input';

const twoFactorFormSchema = z.object({ twoFactorCode: validateTwoFactorRequestSchema.shape.twoFactorCode });
type TwoFactorForm = z.infer<typeof twoFactorFormSchema>;

type TwoFactorDialogProps = { finishSignIn: FinishSignIn; onCancel: () => void };

/** docs/product.md, 'Two-factor Authentication': the emailed 7-character code completes the sign-in. */
export function TwoFactorDialog({ finishSignIn, onCancel }: TwoFactorDialogProps) {
  const validate = useValidateTwoFactor();
  const form = useForm<TwoFactorForm>({
    resolver: zodResolver(twoFactorFormSchema),
    defaultValues: { twoFactorCode: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const code = useWatch({ control: form.control, name: 'twoFactorCode' });
  const submit = form.handleSubmit(async ({ twoFactorCode }) => {
    try {
      const { data } = await validate.mutateAsync({ token: getToken() ?? '', twoFactorCode });
      setToken(data.token);
      setLoggedIn(true);
      await finishSignIn(PAGES.dashboard);
    } catch (error) {
      // Too many wrong codes end the pending sign-in: back to the form to start over.
      if (isUnauthorized(error)) onCancel();
      else applyServerFieldErrors(error, form.setError, ['twoFactorCode']);
    }
  });

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
          <DialogDescription>Enter the 7-character code we have sent to your email.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
          <Controller
            control={form.control}
            name="twoFactorCode"
            render={({ field }) => (
              <TwoFactorCodeInput
                value={field.value}
                onChange={(value) => field.onChange(value.toUpperCase())}
                onBlur={field.onBlur}
                onKeyDown={submitOnEnter}
                error={errors.twoFactorCode?.message}
                disabled={isSubmitting}
              />
            )}
          />
          <SubmitButton disabled={code.length < TWO_FACTOR_CODE_LENGTH} busy={isSubmitting}>
            Verify
          </SubmitButton>
          <ResendCodePrompt onSessionEnded={onCancel} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
