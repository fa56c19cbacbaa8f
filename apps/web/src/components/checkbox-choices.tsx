import type { ReactNode, Ref } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * A form field made of checkboxes (an API key's scopes, a webhook's events): a fieldset named by its
 * legend, described by the refusal when there is one, which shows under the choices.
 */
export function ChoicesFieldset({
  id,
  legend,
  error,
  className,
  children,
}: {
  id: string;
  legend: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className={cn('grid', className)}>
      <legend className={cn('mb-3 text-sm leading-none font-medium', error && 'text-destructive')}>{legend}</legend>
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One choice: its checkbox, its label, and under it what it means (the checkbox's description). */
export function CheckboxChoice({
  id,
  label,
  detail,
  checked,
  onChange,
  onBlur,
  invalid,
  checkboxRef,
}: {
  id: string;
  label: string;
  detail: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  invalid: boolean;
  checkboxRef?: Ref<HTMLButtonElement> | undefined;
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        ref={checkboxRef}
        className="mt-0.5"
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        onBlur={onBlur}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-detail`}
      />
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id}>{label}</Label>
        <div id={`${id}-detail`}>{detail}</div>
      </div>
    </div>
  );
}
