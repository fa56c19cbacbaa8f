import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_DEFAULT_DAYS,
  API_KEY_MAX_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  type CreateApiKey,
  createApiKeySchema,
  type CreatedApiKey,
} from '@portal/contracts/api-keys';
import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { NameField } from '@/components/name-field';
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
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { CREATE_API_KEY_FIELDS, type CreateApiKeyRequest, useCreateApiKey } from '../api/create-api-key';
import { CreatedApiKeyView } from './created-api-key';
import { ScopeCheckboxes } from './scope-checkboxes';

type CreateApiKeyDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const DEFAULTS: CreateApiKey = { name: '', scopes: [], expiresInDays: API_KEY_DEFAULT_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Create API key": the form, then the new key, shown once. Both live inside the dialog's content,
 * which leaves the page when the dialog closes: the key goes with it, and the next opening starts
 * from an empty form. A click beside the dialog does not close it (a key not yet copied is lost).
 */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onInteractOutside={(event) => event.preventDefault()}>
        <CreateApiKeySteps onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateApiKeySteps({ onDone }: { onDone: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  if (created) return <CreatedApiKeyView created={created} onDone={onDone} />;
  return <CreateApiKeyForm onCreated={setCreated} />;
}

/** The server's field errors, first per field; `scopes.1` belongs to Scopes. */
function serverErrors(error: unknown): Map<(typeof CREATE_API_KEY_FIELDS)[number], string> {
  const found = new Map<(typeof CREATE_API_KEY_FIELDS)[number], string>();
  if (!(error instanceof ApiError)) return found;
  for (const { field, message } of error.fieldErrors) {
    const name = CREATE_API_KEY_FIELDS.find((candidate) => field.split('.').includes(candidate));
    if (name && !found.has(name)) found.set(name, message);
  }
  return found;
}

function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useForm<CreateApiKey, unknown, CreateApiKeyRequest>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated((await create.mutateAsync(values)).data);
    } catch (error) {
      for (const [field, message] of serverErrors(error)) form.setError(field, { type: 'server', message });
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t`Create API key`}</DialogTitle>
        <DialogDescription>{t`The key acts as you, within the scopes you choose, until it expires.`}</DialogDescription>
      </DialogHeader>
      <form id="create-api-key-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        <NameField
          label={t`Name`}
          error={errors.name?.message}
          count={{ length: name.length, max: API_KEY_NAME_MAX_LENGTH }}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <ScopeCheckboxes
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              firstRef={field.ref}
              error={errors.scopes?.message}
            />
          )}
        />
        <FormField
          label={t`Expires in (days)`}
          error={errors.expiresInDays?.message}
          description={<ExpiryHint control={form.control} />}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={API_KEY_MAX_DAYS}
            step={1}
            className="w-32"
            {...form.register('expiresInDays', { valueAsNumber: true })}
          />
        </FormField>
      </form>
      <DialogFooter>
        <SubmitButton form="create-api-key-form" busy={isSubmitting} busyText={t`Creating...`}>
          {t`Create`}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}

/** The day a key made now for `days` days stops working, as the tables write it. */
function expiryDayIn(days: number, now = Date.now()): string {
  return formatDate(new Date(now + days * DAY_MS).toISOString());
}

/** The allowed range, and the day a valid number of days ends on. */
function ExpiryHint({ control }: { control: Control<CreateApiKey, unknown, CreateApiKeyRequest> }) {
  const days = useWatch({ control, name: 'expiresInDays' });
  const max = API_KEY_MAX_DAYS;
  const range = t`From 1 to ${max} days.`;
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > API_KEY_MAX_DAYS) return range;
  const day = expiryDayIn(days);
  return `${range} ${t`The key stops working on ${day}.`}`;
}
