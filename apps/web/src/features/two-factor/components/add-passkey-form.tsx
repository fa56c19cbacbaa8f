import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { passkeyNameField } from '@portal/contracts/mfa';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { browserPasskeyProblem } from '@/lib/passkey-errors';
import { useAddPasskey } from '../api/passkeys';
import { passkeyProblemText } from './two-factor-words';

const nameFormSchema = z.object({ name: passkeyNameField });
type NameForm = z.input<typeof nameFormSchema>;

/** What adding a passkey answers: the first strong factor's recovery codes, the MFA set-up's full session. */
export type PasskeyAdded = { recoveryCodes: string[] | null; token: string | null };

/**
 * Asks the passkey's name, then hands over to the browser's dialog (decision 037); a refusal of the
 * browser or the server lands under the name. Settings → Two-factor and the MFA policy's set-up at
 * sign-in (decision 036) both use it.
 */
export function AddPasskeyForm({
  onAdded,
  onCancel,
}: {
  onAdded: (added: PasskeyAdded) => void;
  onCancel: () => void;
}) {
  const add = useAddPasskey();
  const form = useForm<NameForm>({ resolver: zodResolver(nameFormSchema), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const { data } = await add.mutateAsync(name);
      form.reset({ name: '' });
      onAdded({ recoveryCodes: data.recoveryCodes, token: data.token });
    } catch (error) {
      const problem = browserPasskeyProblem(error);
      if (problem) form.setError('name', { message: passkeyProblemText(problem) });
      else applyServerFieldErrors(error, form.setError, ['name']);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormField label={t`Passkey name`} error={errors.name?.message} description={t`For example: Work laptop`}>
        <Input {...form.register('name')} maxLength={100} autoComplete="off" autoFocus />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting} busyText={t`Waiting for your passkey...`}>
          {t`Continue`}
        </SubmitButton>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
