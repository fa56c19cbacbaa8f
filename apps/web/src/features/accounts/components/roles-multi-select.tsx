import { t } from '@lingui/core/macro';
import { ASSIGNABLE_ROLES } from '@portal/contracts/roles';
import { ChevronDownIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import type { AssignableRole } from '../api/update-roles';

type RolesMultiSelectProps = {
  value: readonly AssignableRole[];
  onChange: (roles: AssignableRole[]) => void;
  /** The field's label element, which names the group of chips and the picker. */
  labelId: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
};

/** docs/product.md, "Roles editing": a multi-select of User, Admin, Auditor shown as removable chips. */
export function RolesMultiSelect({ value, onChange, labelId, invalid, describedBy, disabled }: RolesMultiSelectProps) {
  const listId = useId();
  const toggle = (role: AssignableRole, on: boolean) =>
    onChange(ASSIGNABLE_ROLES.filter((r) => (r === role ? on : value.includes(r))));

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={cn(
        'flex min-h-11 flex-wrap items-center gap-1.5 rounded-md border border-input p-1.5 shadow-xs dark:bg-input/10',
        invalid && 'border-destructive',
      )}
    >
      <ul aria-label={t`Chosen roles`} className="contents">
        {value.map((role) => (
          <li key={role}>
            <Badge variant="secondary" className="h-7 gap-1 pr-0.5 pl-2 text-sm">
              {role}
              <button
                type="button"
                aria-label={t`Remove ${role}`}
                disabled={disabled}
                onClick={() => toggle(role, false)}
                className="inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-background/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              >
                <XIcon aria-hidden className="size-3.5" />
              </button>
            </Badge>
          </li>
        ))}
      </ul>
      <Popover>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="ml-auto"
            disabled={disabled}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          >
            {t`Select roles`}
            <ChevronDownIcon aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-48 p-1">
          <ul className="grid">
            {ASSIGNABLE_ROLES.map((role) => {
              const id = `${listId}-${role}`;
              return (
                <li key={role} className="flex items-center gap-2 rounded-sm px-2 py-1.5 hover:bg-accent">
                  <Checkbox
                    id={id}
                    checked={value.includes(role)}
                    onCheckedChange={(checked) => toggle(role, checked === true)}
                  />
                  <Label htmlFor={id} className="flex-1 cursor-pointer font-normal">
                    {role}
                  </Label>
                </li>
              );
            })}
          </ul>
        </PopoverContent>
      </Popover>
    </div>
  );
}
