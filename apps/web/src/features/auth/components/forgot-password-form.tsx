import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@portal/contracts/auth';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { signInFieldMessage } from '../lib/signin-words';

type ForgotPasswordForm = z.infer<typeof forgotPasswordRequestSchema>;

/** docs/product.md, `/forgot-password`: asks for a reset link, then says what the server answered. */
export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const [sentMessage, setSentMessage] = useState<string>();
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await forgotPassword.mutateAsync(values);
      setSentMessage(message ?? t`Check your inbox for a link to reset your password.`);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email']);
    }
  });

  if (sentMessage) {
    return (
      <div role="status" className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
        <MailCheckIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>{sentMessage}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <FormField label={t`Email`} error={signInFieldMessage(errors.email?.message)}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="name@company.com"
          {...form.register('email')}
        />
      </FormField>
      <SubmitButton size="lg" busy={isSubmitting}>
        {t`Send Reset Password Link`}
      </SubmitButton>
    </form>
  );
}
