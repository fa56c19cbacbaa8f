import { zodResolver } from '@hookform/resolvers/zod';
import { createPoolSchema } from '@portal/contracts/pools';
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
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { useCreatePool } from '../api/create-pool';

type CreatePoolDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Spec section 5, "Create pool": name and description, both required; a taken name shows under Name. */
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

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Create Pool</DialogTitle>
          <DialogDescription>A shared pool lets several of your users draw on the same licenses.</DialogDescription>
        </DialogHeader>
        <form id="create-pool-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={3} {...form.register('description')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button type="submit" form="create-pool-form" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting && <Spinner />}
            Create
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
