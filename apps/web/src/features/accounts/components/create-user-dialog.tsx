import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_NAME_MAX_LENGTH, type Created, createChildAccountSchema } from '@portal/contracts/accounts';
import { CREATABLE_ROLES } from '@portal/contracts/roles';
import { type ComponentProps, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { useDialogForm } from '@/hooks/use-dialog-form';
import { useCreateChildAccount } from '../api/create-child-account';
import { usePoolOptions } from '../api/get-pool-options';
import { PoolSelect } from './pool-select';

type CreateUserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog closed on success: the new account's id and name. */
  onCreated?: (created: Created) => void;
};

const FIELDS = ['name', 'email', 'roles', 'licensePoolId'] as const;

/**
 * docs/product.md, "Create user": Name, Email, Role (Admin or User, default User) and Pool
 * ('[Individual]' sends no licensePoolId). The new user is mailed a link to confirm the address.
 */
export function CreateUserDialog({ open, onOpenChange, onCreated }: CreateUserDialogProps) {
  const create = useCreateChildAccount();
  const created = useRef<Created | null>(null);
  const pools = usePoolOptions({ enabled: open });
  const { form, submit, changeOpen } = useDialogForm({
    resolver: zodResolver(createChildAccountSchema),
    defaultValues: { name: '', email: '', roles: 'User', licensePoolId: undefined },
    send: create.mutateAsync,
    fields: FIELDS,
    conflictField: 'email',
    onOpenChange,
    // The next dialog opens once this one has closed and handed focus back to its opener, so that
    // dialog takes focus (its first Escape closes it) and returns it to the same opener.
    onSent: (result) => (created.current = result.data),
  });
  const { errors, isSubmitting } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={() => {
          const account = created.current;
          created.current = null;
          if (account) onCreated?.(account);
        }}
      >
        <DialogHeader>
          <DialogTitle>{t`Create User`}</DialogTitle>
          <DialogDescription>{t`The new user receives an email to confirm the address, then a password.`}</DialogDescription>
        </DialogHeader>
        <form id="create-user-form" noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <NameField
            label={t`Name`}
            error={errors.name?.message}
            count={{ length: name.length, max: ACCOUNT_NAME_MAX_LENGTH }}
            {...form.register('name')}
          />
          <FormField label={t`Email`} error={errors.email?.message}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="name@company.com"
              {...form.register('email')}
            />
          </FormField>
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <FormField label={t`Role`} error={errors.roles?.message}>
                <RoleSelect value={field.value ?? 'User'} onChange={field.onChange} />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="licensePoolId"
            render={({ field }) => (
              <FormField label={t`Pool`} error={errors.licensePoolId?.message}>
                <PoolSelect
                  value={field.value ?? null}
                  onChange={(poolId) => field.onChange(poolId ?? undefined)}
                  pools={pools.data ?? []}
                />
              </FormField>
            )}
          />
        </form>
        <DialogFooter>
          <SubmitButton form="create-user-form" busy={isSubmitting}>
            {t`Create`}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type CreatableRole = (typeof CREATABLE_ROLES)[number];
type RoleSelectProps = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> & {
  value: CreatableRole;
  onChange: (role: CreatableRole) => void;
};

/** Role choices on create are Admin and User (docs/product.md); the field's label names the trigger. */
function RoleSelect({ value, onChange, ...triggerProps }: RoleSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as CreatableRole)}>
      <SelectTrigger className="w-full" {...triggerProps}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CREATABLE_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {role}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
