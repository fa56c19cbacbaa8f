import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateWebhook, createWebhookSchema, WEBHOOK_DESCRIPTION_MAX_LENGTH } from '@portal/contracts/webhooks';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { CREATE_WEBHOOK_FIELDS, type CreateWebhookRequest, useCreateWebhook } from '../api/create-webhook';
import { EventCheckboxes } from './event-checkboxes';
import { SigningSecret } from './signing-secret';

type CreateWebhookDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };
type Field = (typeof CREATE_WEBHOOK_FIELDS)[number];

const DEFAULTS: CreateWebhook = { url: '', events: [], description: '' };

/**
 * "Add endpoint": the form, then the endpoint's signing secret, shown once. Both live inside the
 * dialog's content, which leaves the page when the dialog closes: the secret goes with it, and the
 * next opening starts from an empty form. A click beside the dialog does not close it.
 */
export function CreateWebhookDialog({ open, onOpenChange }: CreateWebhookDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <CreateWebhookSteps onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateWebhookSteps({ onDone }: { onDone: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  if (secret === null) return <CreateWebhookForm onCreated={setSecret} />;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t`Endpoint added`}</DialogTitle>
        <DialogDescription>{t`Webhook created. Copy its signing secret now: it will not be shown again.`}</DialogDescription>
      </DialogHeader>
      <SigningSecret secret={secret} />
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t`Done`}
        </Button>
      </DialogFooter>
    </>
  );
}

/** The server's field errors, first per field; `events.1` belongs to Events. */
function serverErrors(error: unknown): Map<Field, string> {
  const found = new Map<Field, string>();
  if (!(error instanceof ApiError)) return found;
  for (const { field, message } of error.fieldErrors) {
    const name = CREATE_WEBHOOK_FIELDS.find((candidate) => field.split('.').includes(candidate));
    if (name && !found.has(name)) found.set(name, message);
  }
  return found;
}

function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const form = useForm<CreateWebhook, unknown, CreateWebhookRequest>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated((await create.mutateAsync(values)).data.secret);
    } catch (error) {
      for (const [field, message] of serverErrors(error)) form.setError(field, { type: 'server', message });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t`Add endpoint`}</DialogTitle>
        <DialogDescription>{t`The portal POSTs the events you choose to this address, signed.`}</DialogDescription>
      </DialogHeader>
      <form id="create-webhook-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        <FormField label={t`Endpoint URL`} error={errors.url?.message} description={t`A public https:// address.`}>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks"
            className="font-mono"
            {...form.register('url')}
          />
        </FormField>
        <FormField
          label={t`Description`}
          error={errors.description?.message}
          description={t`Optional: what receives these events, for whoever reads this list next.`}
          count={{ length: description.length, max: WEBHOOK_DESCRIPTION_MAX_LENGTH }}
        >
          <Textarea rows={2} autoComplete="off" {...form.register('description')} />
        </FormField>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <EventCheckboxes
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              firstRef={field.ref}
              error={errors.events?.message}
            />
          )}
        />
      </form>
      <DialogFooter>
        <SubmitButton form="create-webhook-form" busy={isSubmitting} busyText={t`Adding...`}>
          {t`Add endpoint`}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}
