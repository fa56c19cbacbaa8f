import { Slot } from 'radix-ui';
import { useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { CharacterCount } from './character-count';
import { Label } from './label';

type FormFieldProps = {
  label: ReactNode;
  /** The field's validation message (client or server); shown under the control. */
  error?: string;
  description?: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot password?" link. */
  labelAction?: ReactNode;
  className?: string;
  /** A limited text field: its current length and limit, counted as one types ("12/100"). */
  count?: { length: number; max: number };
  /** One control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
};

/** The one form-field wrapper: label, control, description and error, wired for screen readers. */
export function FormField({ label, error, description, labelAction, className, count, children }: FormFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const limitId = count ? `${id}-limit` : undefined;
  const describedBy = [descriptionId, limitId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id} className={cn(error && 'text-destructive')}>
          {label}
        </Label>
        {labelAction}
      </div>
      <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {(error || count) && (
        <div className="flex items-start gap-2">
          {error && (
            <p id={errorId} className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          {count && limitId && <CharacterCount length={count.length} max={count.max} limitId={limitId} />}
        </div>
      )}
    </div>
  );
}
