import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_NAME_MAX_LENGTH, type ChildAccount, updateEmailSchema } from '@portal/contracts/accounts';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useUpdateEmail } from '../api/update-email';

/**
 * docs/product.md, "Transfer account": the account passes to a new person at a new address.
 * The button works once both fields are filled and reads 'Transfering...' while pending.
 */
export function TransferAccountTab({ account }: { account: ChildAccount }) {
  const transfer = useUpdateEmail();
  const form = useForm({
    resolver: zodResolver(updateEmailSchema),
    defaultValues: { userId: account.id, newEmail: '', newAccountName: '' },
  });
  const [newEmail, newAccountName] = useWatch({ control: form.control, name: ['newEmail', 'newAccountName'] });
  const { errors } = form.formState;
  const filled = newEmail.trim() !== '' && newAccountName.trim() !== '';

  const submit = form.handleSubmit(async (values) => {
    try {
      await transfer.mutateAsync(values);
      form.reset({ userId: account.id, newEmail: '', newAccountName: '' });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['newEmail', 'newAccountName']);
      if (error instanceof ApiError && error.status === 409) {
        form.setError('newEmail', { type: 'server', message: error.message });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t`The new address is mailed a link to confirm it, then a one-time password. The current address stops working at once.`}
      </p>
      <FormField label={t`New Email`} error={errors.newEmail?.message}>
        <Input type="email" inputMode="email" autoComplete="off" {...form.register('newEmail')} />
      </FormField>
      <FormField
        label={t`New Account Name`}
        error={errors.newAccountName?.message}
        count={{ length: newAccountName.length, max: ACCOUNT_NAME_MAX_LENGTH }}
      >
        <Input autoComplete="off" {...form.register('newAccountName')} />
      </FormField>
      <div className="flex justify-end">
        <SubmitButton disabled={!filled} busy={transfer.isPending} busyText={t`Transfering...`}>
          {t`Transfer Account`}
        </SubmitButton>
      </div>
    </form>
  );
}
