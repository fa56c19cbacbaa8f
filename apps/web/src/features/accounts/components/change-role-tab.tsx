import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChildAccount, updateRolesSchema } from '@portal/contracts/accounts';
import { ASSIGNABLE_ROLES } from '@portal/contracts/roles';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { labelClassName } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { type AssignableRole, useUpdateRoles } from '../api/update-roles';
import { RolesMultiSelect } from './roles-multi-select';

const isAssignable = (role: string): role is AssignableRole => (ASSIGNABLE_ROLES as readonly string[]).includes(role);
const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((r) => b.includes(r));

/** docs/product.md, "Roles editing": User, Admin and Auditor as removable chips; never none. */
export function ChangeRoleTab({ account }: { account: ChildAccount }) {
  const labelId = useId();
  const errorId = useId();
  const update = useUpdateRoles();
  const current = account.roles.filter(isAssignable);
  const form = useForm({
    resolver: zodResolver(updateRolesSchema),
    mode: 'onChange',
    defaultValues: { userId: account.id, roles: current },
  });
  const roles = useWatch({ control: form.control, name: 'roles' });
  const error = form.formState.errors.roles?.message;
  const changed = !sameRoles(roles, current);

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, ['roles']);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <div className="grid gap-2">
        <span id={labelId} data-slot="label" className={labelClassName}>
          {t`Roles`}
        </span>
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <RolesMultiSelect
              labelId={labelId}
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(error)}
              describedBy={error ? errorId : undefined}
              disabled={update.isPending}
            />
          )}
        />
        {error && (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <SubmitButton disabled={!changed || roles.length === 0} busy={update.isPending} busyText={t`Updating...`}>
          {t`Update Roles`}
        </SubmitButton>
      </div>
    </form>
  );
}
