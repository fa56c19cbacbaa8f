import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
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
            aria-label="Target type"
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
                  {type}
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
          <FormField label={isUser ? 'User' : 'Pool'} error={errors.targetId?.message}>
            <Select value={field.value || undefined} onValueChange={field.onChange} disabled={targets.isPending}>
              <SelectTrigger className="w-full min-w-0">
                <SelectValue placeholder={targets.isPending ? 'Loading...' : `Choose a ${isUser ? 'user' : 'pool'}`} />
              </SelectTrigger>
              <SelectContent>
                {(targets.data ?? []).map((target) => (
                  <SelectItem key={target.id} value={target.id}>
                    {target.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        )}
      />
    </div>
  );
}
