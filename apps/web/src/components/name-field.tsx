import type { ComponentProps } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type NameFieldProps = ComponentProps<typeof Input> & {
  /** The field's validation message (client or server). */
  error?: string;
  /** The length of the name typed so far and its limit, counted as one types. */
  count: { length: number; max: number };
  /** The label, in the caller's words (an area's language); "Name" by default. */
  label?: string;
};

/** A create dialog's Name box: labelled "Name", no autofill, its length counted against the limit. */
export function NameField({ error, count, label = 'Name', ...input }: NameFieldProps) {
  return (
    <FormField label={label} error={error} count={count}>
      <Input autoComplete="off" {...input} />
    </FormField>
  );
}
