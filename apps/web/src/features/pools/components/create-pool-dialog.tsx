import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPoolSchema, POOL_DESCRIPTION_MAX_LENGTH, POOL_NAME_MAX_LENGTH } from '@portal/contracts/pools';
import { useWatch } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NameField } from '@/components/name-field';
import { FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { useCreatePool } from '../api/create-pool';

type CreatePoolDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** docs/product.md, "Create pool": name and description, both required; a taken name shows under Name. */
export function CreatePoolDialog({ open, onOpenChange }: CreatePoolDialogProps) {
  const create = useCreatePool();
  const { form, submit, changeOpen } = useDialogForm({
    resolver: zodResolver(createPoolSchema),
    defaultValues: { name: '', description: '' },
    send: create.mutateAsync,
    fields: ['name', 'description'],
    conflictField: 'name',
    onOpenChange,
  });
  const { errors, isSubmitting } = form.formState;
  const [name, description] = useWatch({ control: form.control, name: ['name', 'description'] });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t`Create Pool`}</DialogTitle>
          <DialogDescription>{t`A shared pool lets several of your users draw on the same licenses.`}</DialogDescription>
        </DialogHeader>
        <form id="create-pool-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <NameField
            label={t`Name`}
            error={errors.name?.message}
            count={{ length: name.length, max: POOL_NAME_MAX_LENGTH }}
            {...form.register('name')}
          />
          <FormField
            label={t`Description`}
            error={errors.description?.message}
            count={{ length: description.length, max: POOL_DESCRIPTION_MAX_LENGTH }}
          >
            <Textarea rows={3} {...form.register('description')} />
          </FormField>
        </form>
        <DialogFooter>
          <SubmitButton form="create-pool-form" busy={isSubmitting}>
            {t`Create`}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
