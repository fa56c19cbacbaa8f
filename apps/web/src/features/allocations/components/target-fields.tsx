import { t } from '@lingui/core/macro';
import { type ComponentProps, useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { AllocationTarget } from '../api/allocation-target';
import { useAllocationTargets } from '../api/get-allocation-targets';
import type { TransferOutput, TransferValues } from './transfer-schema';

type TargetFieldsProps = {
  control: Control<TransferValues, unknown, TransferOutput>;
  targetType: TransferValues['targetType'];
  setValue: UseFormSetValue<TransferValues>;
  errors: FieldErrors<TransferValues>;
};

/** The Assign Licenses dialog's target: a child user (User) or one of the caller's shared pools (Pool). */
export function TargetFields({ control, targetType, setValue, errors }: TargetFieldsProps) {
  const id = useId();
  const isUser = targetType === 'User';
  const targets = useAllocationTargets(isUser);
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <Controller
        control={control}
        name="targetType"
        render={({ field }) => (
          <RadioGroup
            aria-label={t`Assign to`}
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              setValue('targetId', '');
            }}
            className="flex gap-4 sm:mt-7"
          >
            {(['User', 'Pool'] as const).map((type) => (
              <div key={type} className="flex items-center gap-2">
                <RadioGroupItem value={type} id={`${id}-${type}`} />
                <Label htmlFor={`${id}-${type}`} className="font-normal">
                  {type === 'User' ? t`User` : t`Pool`}
                </Label>
              </div>
            ))}
          </RadioGroup>
        )}
      />
      <Controller
        control={control}
        name="targetId"
        render={({ field }) => (
          <FormField label={isUser ? t`Target user` : t`Target pool`} error={errors.targetId?.message}>
            <TargetSelect
              value={field.value}
              onChange={field.onChange}
              targets={targets.data}
              placeholder={targets.isPending ? t`Loading...` : isUser ? t`Choose a user` : t`Choose a pool`}
            />
          </FormField>
        )}
      />
    </div>
  );
}

type TargetSelectProps = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange'> & {
  value: string;
  onChange: (id: string) => void;
  /** undefined while loading. */
  targets: readonly AllocationTarget[] | undefined;
  placeholder: string;
};

/** The users or pools to pick from; the field's label names the trigger. */
function TargetSelect({ value, onChange, targets, placeholder, ...triggerProps }: TargetSelectProps) {
  return (
    <Select value={value || undefined} onValueChange={onChange} disabled={targets === undefined}>
      <SelectTrigger className="w-full min-w-0" {...triggerProps}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {targets?.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">{t`No results.`}</p>}
        {targets?.map((target) => (
          <SelectItem key={target.id} value={target.id}>
            {target.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
